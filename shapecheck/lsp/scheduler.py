"""When to analyse which open document, off the event loop, with a deadline.

Invariants (the tests in tests/lsp/test_scheduler.py check each one):

- *One at a time.* Analyses run one after another (one asyncio lock): they share one
  ``Project`` whose cache is not meant for concurrent writers.
- *Fresh text.* An analysis reads the document's text when it starts, not when it was requested, so a
  burst of edits costs one analysis of the latest text, not one per edit.
- *Never stale.* A report is handed to ``publish`` with the version it was computed from; the
  publisher drops it when the document has moved on (a newer analysis is then already scheduled).
- *Throttled, not delayed.* The first edit after a quiet spell is analysed at once (leading edge);
  edits that follow within ``debounce`` wait until the typing pauses (trailing edge). A lone edit
  thus shows its diagnostics as fast as the analysis allows, and rapid typing does not queue work.
- *Bounded, and never silent.* Each analysis runs in its own daemon thread with a
  :class:`~shapecheck.api.Cancellation`. At the deadline it is cancelled: the analysis stops at its
  next statement and hands back what it found so far, with an SC006 saying it was cut short, which is
  published like any report (and a log message says so). An analysis that does not stop within
  ``GRACE_S`` (one long solver question) is abandoned: ``gave_up`` publishes the last good
  diagnostics with a note, and ``on_timeout`` is called (the server then starts a fresh ``Project``,
  since the abandoned thread may still be writing into the old one's cache). While
  ``MAX_ABANDONED`` such threads are still running, new analyses are refused rather than piling up;
  when one ends, everything refused is scheduled again.
- *Stale work stops.* A request for a document whose analysis is under way cancels that analysis:
  its text is no longer the document's, and the newer text's analysis waits for the lock.

Each published analysis logs its phases at INFO (:class:`Phases`: ``time.monotonic`` stamps, one
clock for every process of the machine, so a client can set them beside its own send and receive
times; ``benchmarks/bench_lsp.py`` does).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..api import Cancellation

MAX_ABANDONED = 2
#: How long a cancelled analysis may take to stop (a solver question is not interrupted mid-way).
GRACE_S = 1.0

log = logging.getLogger("shapecheck.lsp")


@dataclass(frozen=True)
class Snapshot:
    """A document's text at one version."""

    uri: str
    path: str
    version: int
    text: str


@dataclass
class Phases:
    """When an analysis passed each step from its request to its publication (``time.monotonic``).

    requested: the latest request (the edit's handler); locked: the analysis holds the lock (any
    debounce and any earlier analysis behind it); began: its thread runs; analysed: the report is
    made; resumed: the event loop has it back; published: the diagnostics are written to the client.
    """

    requested: float = 0.0
    locked: float = 0.0
    began: float = 0.0
    analysed: float = 0.0
    resumed: float = 0.0
    published: float = 0.0

    def line(self, path: str, version: int) -> str:
        """The log line (``bench_lsp.py`` reads it back with :data:`PHASES_LINE`)."""
        stamps = " ".join(f"{name}={getattr(self, name):.6f}" for name in PHASE_NAMES)
        return f"phases {version} {stamps} {path}"


PHASE_NAMES = ("requested", "locked", "began", "analysed", "resumed", "published")


@dataclass
class _DocState:
    wanted: int = 0                      # generation of the latest request to analyse this document
    done: int = 0                        # generation of the latest analysis that finished (or gave up)
    last_request: float = float("-inf")  # monotonic time of the latest request
    timer: asyncio.TimerHandle | None = None
    report: Any = None
    report_version: int | None = None
    refused: bool = False
    finished: asyncio.Event = field(default_factory=asyncio.Event)


class Scheduler:
    """Runs ``analyse(path, text)`` for open documents as they change; see the module docstring."""

    def __init__(self, *, snapshot: Callable[[str], Snapshot | None],
                 analyse: Callable[[str, str, Cancellation], Any],
                 publish: Callable[[str, int, Any], None],
                 debounce_s: Callable[[], float], timeout_s: Callable[[], float],
                 log: Callable[[str], None], on_timeout: Callable[[], None] = lambda: None,
                 gave_up: Callable[[str, int, Any, float], None] = lambda uri, version, last, seconds: None,
                 grace_s: float = GRACE_S, prepare: Callable[[], None] = lambda: None,
                 idle: Callable[[], None] = lambda: None, busy: Callable[[], None] = lambda: None):
        self._snapshot = snapshot
        self._analyse = analyse
        self._publish = publish
        self._debounce_s = debounce_s
        self._timeout_s = timeout_s
        self._log = log
        self._on_timeout = on_timeout
        self._gave_up = gave_up   # (uri, version, the last report of the document or None, deadline s)
        self._grace_s = grace_s
        self._prepare: Callable[[], None] | None = prepare   # run once, before the first deadline starts
        self._idle = idle   # called when an analysis was published and nothing else is pending
        self._busy = busy   # called at each request (collector.py: what waits for idle time waits more)
        self._docs: dict[str, _DocState] = {}
        self._generation = 0
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()
        self._abandoned: set[threading.Thread] = set()
        self._running: str | None = None
        self._cancellation: Cancellation | None = None   # that of the analysis under way
        self._running_version: int | None = None          # the version it analyses
        self.analyses = 0  # how many analyses ran (tests and benchmarks read it)

    # -- requests -----------------------------------------------------------------------------

    def request(self, uri: str, *, immediate: bool = False) -> None:
        """Ask for ``uri`` to be analysed (it changed, or something it imports did)."""
        state = self._docs.setdefault(uri, _DocState())
        self._busy()
        self._generation += 1
        state.wanted = self._generation
        if self._running == uri and self._cancellation is not None:
            snap = self._snapshot(uri)
            if snap is None or snap.version != self._running_version:
                self._cancellation.cancel("its text changed")
        now = time.monotonic()
        debounce = self._debounce_s()
        quiet = state.timer is None and now - state.last_request >= debounce and self._running != uri
        state.last_request = now
        if state.timer is not None:
            state.timer.cancel()
        delay = 0.0 if immediate or quiet else debounce
        state.timer = asyncio.get_running_loop().call_later(delay, self._fire, uri)

    def refresh(self, uri: str) -> None:
        """Analyse ``uri`` again though its report is current (that report lacked something: a
        cache's has no notes); until then :meth:`fresh_report` waits for the new one."""
        state = self._docs.get(uri)
        if state is not None:
            state.report_version = None
            self.request(uri, immediate=True)

    def forget(self, uri: str) -> None:
        """Drop a closed document; an analysis of it that is under way is not published."""
        state = self._docs.pop(uri, None)
        if state is not None and state.timer is not None:
            state.timer.cancel()

    def close(self) -> None:
        """Cancel every pending request (server shutdown)."""
        for uri in list(self._docs):
            self.forget(uri)
        for task in self._tasks:
            task.cancel()

    # -- results ------------------------------------------------------------------------------

    def report(self, uri: str, version: int) -> Any:
        """The report computed from exactly this version, or None."""
        state = self._docs.get(uri)
        if state is not None and state.report_version == version:
            return state.report
        return None

    def latest(self, uri: str) -> Any:
        """The report of the document's last finished analysis, whatever text it was of (or None)."""
        state = self._docs.get(uri)
        return state.report if state is not None else None

    async def fresh_report(self, uri: str, version: int, timeout_s: float) -> Any:
        """The report for this version, analysing now if needed; None past ``timeout_s``."""
        state = self._docs.get(uri)
        if state is None:
            return None
        if state.report_version == version:
            return state.report
        if state.timer is not None or state.done >= state.wanted:
            self.request(uri, immediate=True)
        deadline = time.monotonic() + timeout_s
        while state.report_version != version:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._docs.get(uri) is not state:
                return None
            finished = state.finished
            try:
                await asyncio.wait_for(finished.wait(), remaining)
            except asyncio.TimeoutError:
                return None
            if state.done >= state.wanted and state.report_version != version:
                return None  # the analysis of this version gave up (time-out or refused)
        return state.report

    # -- running ------------------------------------------------------------------------------

    def _fire(self, uri: str) -> None:
        state = self._docs.get(uri)
        if state is None:
            return
        state.timer = None
        task = asyncio.get_running_loop().create_task(self._run(uri, state))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, uri: str, state: _DocState) -> None:
        async with self._lock:
            if self._docs.get(uri) is not state or state.done >= state.wanted:
                return  # closed, or an earlier run already read the text this request was for
            if self._prepare is not None:
                prepare, self._prepare = self._prepare, None
                await asyncio.to_thread(prepare)
            snap = self._snapshot(uri)
            if snap is None:
                return
            generation = state.wanted
            self._running, self._running_version = uri, snap.version
            phases = Phases(requested=state.last_request, locked=time.monotonic())
            try:
                report, gave_up = await self._in_thread(snap, state, phases)
            finally:
                self._running = self._cancellation = None
            state.done = max(state.done, generation)
            if report is not None:
                state.report, state.report_version = report, snap.version
            self._wake(state)
        if self._docs.get(uri) is not state:
            return
        if report is not None:
            self._publish(uri, snap.version, report)
            phases.published = time.monotonic()
            if log.isEnabledFor(logging.INFO):
                log.info("%s", phases.line(snap.path, snap.version))
            if self.idle():
                self._idle()
        elif gave_up:
            self._gave_up(uri, snap.version, state.report, self._timeout_s())

    def idle(self) -> bool:
        """No analysis is under way, waiting for the lock, or waiting for the typing to pause."""
        return not self._lock.locked() and all(s.timer is None and s.done >= s.wanted for s in self._docs.values())

    def _wake(self, state: _DocState) -> None:
        finished, state.finished = state.finished, asyncio.Event()
        finished.set()

    async def _in_thread(self, snap: Snapshot, state: _DocState, phases: Phases) -> tuple[Any, bool]:
        """The analysis of ``snap`` (None where there is none) and whether it was given up at
        its deadline (as opposed to refused or failed); ``phases`` gets the thread's stamps."""
        self._abandoned = {t for t in self._abandoned if t.is_alive()}
        if len(self._abandoned) >= MAX_ABANDONED:
            state.refused = True
            self._log(f"not analysing {snap.path}: {len(self._abandoned)} earlier analyses are still "
                      "running past their deadline")
            return None, False
        loop = asyncio.get_running_loop()
        result: asyncio.Future = loop.create_future()
        cancellation = self._cancellation = Cancellation()

        def deliver(value: Any, error: BaseException | None) -> None:
            phases.resumed = time.monotonic()
            if not result.done():
                if error is None:
                    result.set_result(value)
                else:
                    result.set_exception(error)

        def work() -> None:
            phases.began = time.monotonic()
            try:
                value, error = self._analyse(snap.path, snap.text, cancellation), None
            except BaseException as exc:  # reported on the loop; a thread must not die silently
                value, error = None, exc
            phases.analysed = time.monotonic()
            try:
                loop.call_soon_threadsafe(deliver, value, error)
                loop.call_soon_threadsafe(self._thread_ended, thread)
            except RuntimeError:
                pass  # the loop is closed: the server is exiting

        thread = threading.Thread(target=work, name=f"shapecheck-analysis {snap.path}", daemon=True)
        started = time.perf_counter()
        thread.start()
        self.analyses += 1
        timeout = self._timeout_s()
        try:
            try:
                value = await asyncio.wait_for(asyncio.shield(result), timeout)
            except asyncio.TimeoutError:
                cancellation.cancel(f"past the editor's {timeout:g} s limit (the analysisTimeoutMs setting)")
                value = await asyncio.wait_for(asyncio.shield(result), self._grace_s)
                self._log(f"analysis of {snap.path} (version {snap.version}) passed its {timeout:g} s "
                          "deadline; published what it found by then")
            log.info("analysed %s (version %s) in %.1f ms", snap.path, snap.version,
                     (time.perf_counter() - started) * 1000)
            return value, False
        except asyncio.TimeoutError:
            self._abandoned.add(thread)
            self._log(f"analysis of {snap.path} (version {snap.version}) passed its {timeout:g} s "
                      f"deadline and did not stop within {self._grace_s:g} s more; the last diagnostics stay")
            self._on_timeout()
            return None, True
        except asyncio.CancelledError:
            cancellation.cancel("the server is shutting down")
            raise
        except Exception as exc:
            self._log(f"analysis of {snap.path} failed after {time.perf_counter() - started:.3f} s: "
                      f"{type(exc).__name__}: {exc}")
            return None, False

    def _thread_ended(self, thread: threading.Thread) -> None:
        """An analysis thread ended; if it had been abandoned, retry what was refused meanwhile."""
        if thread not in self._abandoned:
            return
        self._abandoned.discard(thread)
        for uri, state in self._docs.items():
            if state.refused:
                state.refused = False
                self.request(uri, immediate=True)
