"""Checking many files: from the cache, in this process, or in ``-j N`` worker processes, with
the same result whichever.

Each file is analysed on its own, in a fresh :class:`~shapecheck.api.Project` rooted at the
project root (fresh symbol names included), so its report depends only on the file, the modules
it imports, the options and the root: never on which files came before it or in which process.
:func:`check_file` is the worker: a top-level function taking and returning plain, picklable data,
so it runs the same under ``spawn``. Reports are gathered by position, so the output keeps the
discovery order, and crash tracebacks are printed after the run in that order too.

One file, or ``-j 1``, runs in-process: no worker start-up (each worker imports the analyser).
A worker that dies (killed for memory, a native crash) costs only the file that killed it (pool.py).
"""

from __future__ import annotations

import gc
import os
import traceback
from contextlib import contextmanager
from functools import partial
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .. import api
from ..report.diagnostics import Diagnostic, FileReport, Span
from ..cache.store import Cache
from .command import print_error
from .progress import Progress
from ..cache.report_data import report_from_data, report_to_data


def default_jobs() -> int:
    """The processes ``-j`` defaults to: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Crash:
    """An analyser crash on one file: where it happened (to show each distinct traceback once)."""

    site: tuple[str, str]   # (exception type, file:line of the raising frame)
    summary: str            # "ZeroDivisionError: ..."
    traceback: str


def check_file(path: str, options: api.Options, root: str) -> dict:
    """Check one file; the report as plain data (``report_data``) and the crash, if any.

    A file that cannot be read is SC002; a crash of the analyser is SC003 (other files go on).
    """
    try:
        data = api.read_source(path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        report = FileReport(path, [Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error",
                                              f"cannot read file: {reason}")])
        return {"report": report_to_data(report), "crash": None}
    try:
        project = api.Project.at_root(root, options)
        report = api.check_source(data, path, project=project, options=options)
    except Exception as error:  # one file's crash must not stop the run: report it, go on
        frames = traceback.extract_tb(error.__traceback__)
        site = (type(error).__name__, f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "")
        crash = Crash(site, f"{type(error).__name__}: {error}", traceback.format_exc().rstrip())
        report = FileReport(path, [Diagnostic(
            path, Span(1, 1, 1, 1), "SC003", "error",
            f"internal error: {crash.summary} (a bug in shapecheck; please report it with this file)")])
        return {"report": report_to_data(report), "crash": crash}
    return {"report": report_to_data(report), "crash": None}


def check_files(files: Sequence[str], options: api.Options, root: Path, *, jobs: int = 1,
                cache: Cache | None = None, progress: Progress | None = None) -> list[FileReport]:
    """The report of every file, in the order given."""
    reports: list[FileReport | None] = [None] * len(files)
    keys: dict[int, str] = {}
    for index, path in enumerate(files):
        if cache is not None:
            try:
                keys[index] = cache.key_of_file(path)
            except OSError:
                continue  # unreadable: the worker says so (SC002)
            reports[index] = cache.get(keys[index], path)
            if reports[index] is not None and progress is not None:
                progress.advance()
    pending = [index for index, report in enumerate(reports) if report is None]
    # the reports are read back under the run's thresholds too: made after the analyses, over the
    # heap they leave, their many small tuples triggered full collections at CPython's defaults
    # (vit-pytorch -j 1: 1.5 of 78 s profiled, in one dict comprehension)
    with collector_tuned():
        outcomes = _run(files, pending, options, str(root), jobs, progress)
        if progress is not None:
            progress.close()
        crashes_shown: set[tuple[str, str]] = set()
        for index in pending:
            outcome = outcomes[index]
            report = reports[index] = report_from_data(outcome["report"])
            if outcome["crash"] is not None:
                _print_crash(files[index], outcome["crash"], crashes_shown)
            elif cache is not None and index in keys:
                cache.put(keys[index], files[index], report)
    if cache is not None:
        cache.save()
    return reports  # type: ignore[return-value]: every slot is filled


#: The garbage collector's thresholds while files are checked. The analyser makes many short-lived
#: objects over a heap that lives as long as the run (the parse trees every file's analysis shares,
#: ``parsing.parse_shared``, the kept modules). Most of what a file's analysis makes lives until the
#: file is done (its frames, values, summaries and facts), and then all of it is garbage at once (a run
#: is a cycle: the analysis and its parts point at each other). A collection during the file finds
#: little to free and scans what lives: at (20,000, 10, 10) vit-pytorch scanned 2.30M objects in 84
#: young collections, timm 5.30M (4.2 s of ~28 CPU s). So the young generations are collected once
#: per file, after it (``settle``), and the first threshold is only a safety net for a file that
#: makes more than 200,000 containers of cyclic garbage: vit-pytorch then scans 1.41M, timm 3.38M
#: (3.0 s), at a lower peak (timm 311 -> 288 MB).
GC_THRESHOLDS = (200_000, 10, 10)


@contextmanager
def collector_tuned():
    saved, freezing = gc.get_threshold(), api.freeze_new_trees(True)
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        api.freeze_new_trees(freezing)
        gc.unfreeze()   # what the run froze (``settle``) is the caller's to collect again


def settle() -> None:
    """After a file: collect the young generations, where its analysis just became garbage, and
    freeze what survives (the kept modules: the run's own heap, made once and kept; the parse
    trees are frozen as they are made, ``freeze_new_trees``), so that no full collection scans it
    again: one per run on vit-pytorch and on timm before (0.7 and 1.0M objects), to free nothing
    (~20,000 objects on timm)."""
    gc.collect(1)
    gc.freeze()


def _check_and_settle(path: str, options: api.Options, root: str) -> dict:
    """``check_file``, then the heap it leaves settled: what each file of a run goes through."""
    try:
        return check_file(path, options, root)
    finally:
        settle()


def _worker_start(files: Sequence[str]) -> None:
    gc.set_threshold(*GC_THRESHOLDS)   # a worker process only checks files
    api.freeze_new_trees(True)
    api.checking(files)


def _run(files: Sequence[str], pending: list[int], options: api.Options, root: str, jobs: int,
         progress: Progress | None) -> dict[int, dict]:
    # the modules the run imports but does not check are parsed lazily (parsing.checking)
    if jobs <= 1 or len(pending) <= 1:
        outcomes = {}
        api.checking(files)
        try:
            for index in pending:
                outcomes[index] = _check_and_settle(files[index], options, root)
                if progress is not None:
                    progress.advance()
        finally:
            api.checking(None)
        return outcomes
    # multiprocessing and concurrent.futures are ~40 ms of a warm run's imports, and a run whose
    # files all come from the cache starts no process:
    from .pool import run_surviving  # lazy: start-up time
    # Largest files first: the long analyses start early and the pool ends evenly.
    order = sorted(pending, key=lambda i: -_size(files[i]))
    outcomes: dict[int, dict] = {}

    def done(index: int, outcome: dict) -> None:
        outcomes[index] = outcome
        if progress is not None:
            progress.advance()

    run_surviving(_check_and_settle, {index: files[index] for index in order}, (options, root), jobs,
                  partial(_worker_start, tuple(files)), done,
                  lambda index, cause: _lost_worker(files[index], cause))
    return outcomes


def _lost_worker(path: str, cause: str) -> dict:
    """A file whose worker process died even when it checked that file alone (pool.py)."""
    crash = Crash(("worker died", cause), f"the worker process checking this file died ({cause})",
                  f"the worker process checking this file died ({cause}): killed, out of memory, or a "
                  "crash in a native library")
    report = FileReport(path, [Diagnostic(path, Span(1, 1, 1, 1), "SC003", "error",
                                          f"internal error: {crash.summary} (a bug in shapecheck, or "
                                          "a resource limit; try -j 1)")])
    return {"report": report_to_data(report), "crash": crash}


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _print_crash(path: str, crash: Crash, shown: set[tuple[str, str]]) -> None:
    # The full traceback once per distinct crash site; one line for each further file it hits.
    if crash.site in shown:
        print_error(f"internal error while checking {path}: {crash.summary}")
        return
    shown.add(crash.site)
    print_error(f"internal error while checking {path}:\n{crash.traceback}")


__all__ = ["Crash", "check_file", "check_files", "default_jobs"]
