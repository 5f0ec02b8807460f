"""The server's pure parts, without a process: positions, settings, imports, notes, actions, scheduler."""

from __future__ import annotations

import asyncio
import doctest
import gc
import threading
import time

import pytest
from hypothesis import given, strategies as st
from lsprotocol import types

from shapecheck.report.diagnostics import Diagnostic, FileReport, ShapeNote, Span
from shapecheck.lsp import actions, collector, imports, notes, positions, scheduler, settings
from shapecheck.lsp.positions import from_lsp_column, span_to_range, split_lines, to_lsp_column


@pytest.mark.parametrize("module", [positions, settings, imports, notes])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


# -- positions: oracle is Python's own encoders -------------------------------------------------

LINE = st.text(alphabet=st.sampled_from("ab é€𝄞😀\t"), max_size=12)
ENCODED_WIDTH = {"utf-16": lambda s: len(s.encode("utf-16-le")) // 2, "utf-8": lambda s: len(s.encode()),
                 "utf-32": len}


@given(LINE, st.sampled_from(sorted(ENCODED_WIDTH)))
def test_columns_match_the_encoders_and_round_trip(line, encoding):
    for index in range(len(line) + 1):
        units = to_lsp_column(line, index, encoding)
        assert units == ENCODED_WIDTH[encoding](line[:index])
        assert from_lsp_column(line, units, encoding) == index


def test_positions_clamp_instead_of_failing():
    lines = split_lines("ab\r\n𝄞\rc\n")
    assert lines == ["ab", "𝄞", "c", ""]
    assert from_lsp_column("𝄞x", 1) == 0              # inside a surrogate pair: its start
    assert from_lsp_column("ab", 99) == 2
    assert span_to_range(lines, 2, 1, 2, 2) == ((1, 0), (1, 2))
    assert span_to_range(lines, 40, 3, 50, 9) == ((3, 0), (3, 0))
    assert span_to_range(lines, 1, 3, 1, 1) == ((0, 2), (0, 2))   # an end before the start collapses
    assert positions.position_to_char(lines, 99, 99) == (4, 1)


# -- settings ---------------------------------------------------------------------------------

def test_settings_layers_keys_and_bad_values(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.shapecheck]\nstrict = true\nselect = ["SC1"]\n[tool.shapecheck.lsp]\ninlay-hints = "all"\n'
        'debounce-ms = 40\n')
    table = settings.read_pyproject(str(tmp_path))
    merged, problems = settings.merge(settings.Settings(), table)
    assert (merged.strict, merged.select, merged.inlay_hints, merged.debounce_ms) == (True, ("SC1",), "all", 40)
    merged, problems = settings.merge(merged, {"inlay_hints": "off", "debounceMs": -3, "strict": "yes"})
    assert merged.inlay_hints == "off" and merged.debounce_ms == 40 and merged.strict is True
    assert len(problems) == 2
    assert settings.read_pyproject(str(tmp_path / "missing")) == {}
    (tmp_path / "pyproject.toml").write_text("not toml [")
    assert settings.read_pyproject(str(tmp_path)) == {}
    assert settings.explain_link(merged, "SC101", "broadcast-mismatch").endswith("#sc101-broadcast-mismatch")


# -- imports ----------------------------------------------------------------------------------

def test_module_names_and_dependencies():
    assert imports.module_names("/ws/pkg/sub/mod.py", ["/ws"]) == {"mod", "pkg.sub.mod"}
    assert imports.module_names("/ws/pkg/__init__.py", ["/ws"]) == {"pkg"}
    source = "from .sibling import f\nfrom .. import up\n"
    assert imports.imported_modules(source, "pkg.sub.mod", False) >= {"pkg.sub.sibling", "pkg.up"}
    assert imports.imported_modules("from . import x\n", "pkg", True) == {"pkg", "pkg.x"}
    assert imports.depends_on("import pkg.sub.mod\n", "/ws/main.py", ["/ws"], {"pkg.sub.mod"})
    assert not imports.depends_on("import numpy\n", "/ws/main.py", ["/ws"], {"pkg.sub.mod"})
    assert imports.imported_modules("def broken(:\nimport ok\n", "m", False) == {"ok"}


# -- notes ------------------------------------------------------------------------------------

def test_note_lookup_prefers_the_innermost_and_hints_follow_the_mode():
    lines = ["y = f(x) + g", "z = (a +", "     b)"]
    found = [ShapeNote(Span(1, 1, 1, 2), "(3,)", "assign"), ShapeNote(Span(1, 5, 1, 13), "(3,)", "expr"),
             ShapeNote(Span(1, 7, 1, 8), "(2,)", "expr"), ShapeNote(Span(2, 5, 3, 8), "(4,)", "expr"),
             ShapeNote(Span(1, 5, 1, 9), "(3,)", "expr")]
    index = notes.NoteIndex(found)
    assert index.at(1, 7).text == "(2,)"
    assert index.at(1, 5).span == Span(1, 5, 1, 9)
    assert index.at(3, 6).text == "(4,)"                 # a note that began on an earlier line
    assert index.at(2, 1) is None
    assert notes.hint_notes(found, "off", lines) == []
    assert [n.kind for n in notes.hint_notes(found, "assignments", lines)] == ["assign"]
    shown = notes.hint_notes(found, "all", lines)
    assert Span(1, 7, 1, 8) not in [n.span for n in shown]   # a bare name: its shape shows where bound
    assert notes.span_text(lines, Span(2, 5, 3, 8)) == "(a +\n     b)"
    assert notes.hover_code(ShapeNote(Span(1, 5, 1, 6), "(x) -> ()", "def"), ["def f(x): pass"]) == "def f(x) -> ()"


# -- actions ----------------------------------------------------------------------------------

def test_shape_text_and_assertions_use_only_bound_names():
    assert actions.shape_of("(n, 784) float32") == ["n", "784"]
    assert actions.shape_of("(f(a, b), 3)") == ["f(a, b)", "3"]
    assert actions.shape_of("(5,) int64") == ["5"]
    assert actions.shape_of("?") is None and actions.shape_of("(3, 4") is None
    assert actions.assertion_for("x", ["5"], set()) == "assert x.shape == (5,)"
    assert actions.assertion_for("x", ["n", "2*n"], {"n"}) == "assert x.shape == (n, 2*n)"
    assert actions.assertion_for("x", ["n", "4"], set()) == "assert x.ndim == 2 and x.shape[1] == 4"


def _doc(text):
    return actions.Document("file:///m.py", 1, text, split_lines(text))


def _run_actions(text, report, span, only=None):
    identity = lambda span: span  # noqa: E731 - the tests read edits as shapecheck spans
    return actions.code_actions(_doc(text), report, span, only, identity, lambda d: d.code)


def test_ignore_comments_extend_existing_lists_and_skip_continuations():
    text = "a = b + c  # shapecheck: ignore[SC104]\nd = e + \\\n    f\ng = h\n"
    report = FileReport("m.py", diagnostics=[
        Diagnostic("m.py", Span(1, 5, 1, 10), "SC101", "error", "broadcast"),
        Diagnostic("m.py", Span(2, 5, 3, 6), "SC101", "error", "broadcast"),
        Diagnostic("m.py", Span(4, 5, 4, 6), "SC001", "error", "syntax")])
    found = _run_actions(text, report, Span(1, 1, 4, 6))
    edits = [(a.title, a.edit.changes["file:///m.py"][0]) for a in found]
    assert len(edits) == 1
    title, edit = edits[0]
    assert title == "Ignore SC101 on this line" and edit.new_text == ", SC101"
    assert edit.range == Span(1, 38, 1, 38)


def test_assert_action_inserts_after_the_statement_at_its_indentation():
    text = "def f(n):\n    x = make(\n        n)\n    return x\nif c: y = 1"
    report = FileReport("m.py", notes=[ShapeNote(Span(2, 5, 2, 6), "(n, 3) float64", "assign"),
                                       ShapeNote(Span(5, 7, 5, 8), "(1,) int64", "assign")])
    [action] = _run_actions(text, report, Span(2, 5, 2, 5))
    [edit] = action.edit.changes["file:///m.py"]
    assert edit.range == Span(4, 1, 4, 1) and edit.new_text == "    assert x.shape == (n, 3)\n"
    assert _run_actions(text, report, Span(5, 7, 5, 7)) == []        # `if c: y = 1` shares its line
    assert _run_actions(text, report, Span(2, 5, 2, 5), only=[types.CodeActionKind.QuickFix]) == []


# -- scheduler --------------------------------------------------------------------------------

class FakeAnalyses:
    """An analyse function that records concurrency and can be made slow; ``stops``: it stops when
    cancelled, as the analyzer does at its next statement (else it is stuck, as in a long solver
    question), and says why in its report."""

    def __init__(self, seconds=0.0, stops=False):
        self.seconds, self.stops, self.running, self.most, self.calls = seconds, stops, 0, 0, []
        self.lock = threading.Lock()

    def __call__(self, path, text, cancellation):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.calls.append(text)
        until = time.monotonic() + self.seconds
        while time.monotonic() < until and not (self.stops and cancellation.reason is not None):
            time.sleep(0.005)
        with self.lock:
            self.running -= 1
        if self.stops and cancellation.reason is not None:
            return f"partial report of {text}: {cancellation.reason}"
        return f"report of {text}"


def _scheduler(docs, analyse, published, *, debounce=0.05, timeout=5.0, log=None, on_timeout=lambda: None,
               gave_up=lambda uri, version, last, seconds: None, grace=scheduler.GRACE_S, **hooks):
    return scheduler.Scheduler(
        snapshot=lambda uri: scheduler.Snapshot(uri, uri, *docs[uri]) if uri in docs else None,
        analyse=analyse, publish=lambda uri, version, report: published.append((uri, version, report)),
        debounce_s=lambda: debounce, timeout_s=lambda: timeout,
        log=(log if log is not None else (lambda message: None)), on_timeout=on_timeout, gave_up=gave_up,
        grace_s=grace, **hooks)


def test_the_collector_runs_between_analyses_never_during_one():
    """Quiet spells freeze what is alive (the next edit's collections walk only its own objects);
    a full collection waits for a longer quiet spell and a request cancels it (collector.py)."""
    async def scenario():
        docs, published, analyse = {"a": (1, "a1")}, [], FakeAnalyses(0.02)
        quiet = collector.QuietCollector(full_after_s=0.1)
        phases = []
        sched = _scheduler(docs, analyse, published, debounce=0.0,
                           idle=lambda: (phases.append(("idle", analyse.running)), quiet.quiet()),
                           busy=lambda: (phases.append(("busy", analyse.running)), quiet.busy()))
        sched.request("a")
        while not published:
            await asyncio.sleep(0.005)
        assert phases == [("busy", 0), ("idle", 0)] and gc.get_freeze_count() > 0
        quiet._frozen_after_full = 1           # as if the frozen set had outgrown REGROW: a full one is due
        docs["a"] = (2, "a2")
        sched.request("a")
        while len(published) < 2:
            await asyncio.sleep(0.005)
        docs["a"] = (3, "a3")
        sched.request("a")                     # before FULL_AFTER_S: the full collection waits
        assert quiet.collections == 0
        while len(published) < 3:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.3)
        assert quiet.collections == 1 and all(running == 0 for _, running in phases)
        sched.close()
    try:
        asyncio.run(scenario())
    finally:
        gc.unfreeze()


def test_scheduler_leading_edge_coalescing_and_one_at_a_time():
    async def scenario():
        docs, published, analyse = {"a": (1, "a1"), "b": (1, "b1")}, [], FakeAnalyses(0.02)
        sched = _scheduler(docs, analyse, published)
        started = time.monotonic()
        sched.request("a")
        sched.request("b")
        while len(published) < 2:
            await asyncio.sleep(0.005)
        assert time.monotonic() - started < 0.2           # lone requests start at once
        for version in range(2, 12):                      # a burst of edits
            docs["a"] = (version, f"a{version}")
            sched.request("a")
            await asyncio.sleep(0.002)
        while published[-1][1] != 11:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.1)
        assert analyse.most == 1                          # never two analyses at once
        assert len([c for c in analyse.calls if c.startswith("a")]) <= 4
        assert analyse.calls[-1] == "a11" and sched.report("a", 11) == "report of a11"
        assert await sched.fresh_report("a", 11, 1.0) == "report of a11"
        sched.close()
    asyncio.run(scenario())


def test_scheduler_deadline_cuts_the_analysis_short_and_publishes_what_it_found():
    async def scenario():
        docs, published, messages, resets = {"a": (1, "a")}, [], [], []
        sched = _scheduler(docs, FakeAnalyses(5.0, stops=True), published, timeout=0.05, log=messages.append,
                           on_timeout=lambda: resets.append(1))
        started = time.monotonic()
        sched.request("a")
        while not published:
            await asyncio.sleep(0.005)
        assert time.monotonic() - started < 2.0
        [(uri, version, report)] = published
        assert (uri, version) == ("a", 1) and report.startswith("partial report of a: past the editor's 0.05 s")
        assert any("deadline" in m for m in messages)
        assert resets == []                                           # the thread ended: the project stays
        assert await sched.fresh_report("a", 1, 0.01) == report       # hovers are answered from it
        sched.close()
    asyncio.run(scenario())


def test_scheduler_cancels_the_analysis_of_a_text_that_changed():
    async def scenario():
        docs, published = {"a": (1, "a1")}, []
        analyse = FakeAnalyses(5.0, stops=True)
        sched = _scheduler(docs, analyse, published, debounce=0.0)
        sched.request("a")
        while analyse.calls != ["a1"]:                                # a1's analysis is under way
            await asyncio.sleep(0.005)
        sched.request("a")                                            # the same text again: it goes on
        await asyncio.sleep(0.05)
        assert published == []
        docs["a"] = (2, "a2")
        started = time.monotonic()
        sched.request("a")
        while len(published) < 1:
            await asyncio.sleep(0.005)
        assert time.monotonic() - started < 2.0
        assert published[0] == ("a", 1, "partial report of a1: its text changed")
        assert analyse.calls == ["a1", "a2"]                          # and a2's is under way
        sched.close()
    asyncio.run(scenario())


def test_scheduler_abandons_an_analysis_that_does_not_stop_and_refuses_while_stuck():
    async def scenario():
        docs, published, messages, resets, gave_up = {"a": (1, "a"), "b": (1, "b"), "c": (1, "c")}, [], [], [], []
        analyse = FakeAnalyses(0.6)
        sched = _scheduler(docs, analyse, published, timeout=0.05, log=messages.append, grace=0.05,
                           on_timeout=lambda: resets.append(1),
                           gave_up=lambda uri, version, last, seconds: gave_up.append((uri, version, last)))
        for uri in docs:
            sched.request(uri)
        await asyncio.sleep(0.4)
        assert analyse.calls == ["a", "b"] and len(resets) == 2      # both past the deadline and its grace
        assert gave_up == [("a", 1, None), ("b", 1, None)]          # nothing earlier to show: a note alone
        assert any("did not stop" in m for m in messages)
        assert any("still running" in m for m in messages)           # "c" refused meanwhile
        assert await sched.fresh_report("a", 1, 0.01) is None        # nothing new, and no hang
        await asyncio.sleep(0.6)                                     # the stuck threads end...
        assert "c" in analyse.calls[2:]                              # ...and "c" is retried
        assert published == []
        sched.close()
    asyncio.run(scenario())
