"""The allowance of body runs a file's calls into other modules may expand to (calls.LIBRARY_ALLOWANCE).

Counted whole (a call a summary answers counts the runs its making took), the count does not depend
on which calls were answered how, so neither do the findings: a file checked alone, after another
file whose runs left their summaries in the process, or under -j N finds the same."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import pytest

from shapecheck.absint.driver import calls, shared_modules
from shapecheck.api import Options, Project, check_paths

FILES = {
    "lib.py": """\
        import numpy as np


        def inner(x):
            return x @ np.ones((3, 3))


        def outer(x):
            return inner(inner(x))
        """,
    # outer's call expands to three runs: its own and inner's two (the second answered by the
    # first's summary: the same shapes), counted whole
    "uses.py": """\
        import numpy as np
        from lib import outer

        a = outer(np.ones((2, 3)))
        reveal_shape(a)
        b = outer(np.ones((4, 3)))
        reveal_shape(b)
        c = outer(np.ones((4, 5)))
        """,
    "before.py": """\
        import numpy as np
        from lib import inner, outer

        inner(np.ones((4, 3)))
        outer(np.ones((4, 3)))
        """,
}


def _check(root: Path, names: list[str]) -> dict[str, tuple]:
    shared_modules._PROJECTS.clear()
    out = {}
    for name in names:
        options = Options(strict=True)
        report = check_paths([str(root / name)], options, Project.at_root(root, options))[0]
        out[name] = ([(d.line, d.code, d.message) for d in report.diagnostics], report.calls_unfollowed)
    return out


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def test_calls_past_the_allowance_are_not_followed(project: Path, monkeypatch) -> None:
    found, unfollowed = _check(project, ["uses.py"])["uses.py"]
    assert unfollowed == 0
    assert [(line, code) for line, code, _ in found] == [(5, "SC301"), (7, "SC301"), (8, "SC110")]
    assert "(2, 3)" in found[0][2] and "(4, 3)" in found[1][2]

    monkeypatch.setattr(calls, "LIBRARY_ALLOWANCE", 3)   # the first call spends it
    found, unfollowed = _check(project, ["uses.py"])["uses.py"]
    assert unfollowed == 2
    assert [(line, code) for line, code, _ in found] == [(5, "SC301"), (7, "SC301")]   # the failing call: unknown
    assert "(2, 3)" in found[0][2] and "unknown" in found[1][2]


@pytest.mark.parametrize("allowance", [2, 3, 4, 5, 6, 10 ** 6])
def test_what_is_followed_does_not_depend_on_the_files_checked_before(project: Path, monkeypatch, allowance,
                                                                     bodies_run) -> None:
    """before.py leaves summaries of inner's and outer's calls with uses.py's second call's shapes in
    the process: that call is answered without a run, counted as its run would be."""
    monkeypatch.setattr(calls, "LIBRARY_ALLOWANCE", allowance)
    bodies_run.clear()
    alone = _check(project, ["uses.py"])["uses.py"]
    alone_runs = bodies_run["outer"]
    for order in itertools.permutations(["before.py", "uses.py"]):
        assert _check(project, list(order))["uses.py"] == alone
    # checked after before.py, uses.py runs outer's body less (its second call is answered there)
    shared_modules._PROJECTS.clear()
    options = Options(strict=True)
    check_paths([str(project / "before.py")], options, Project.at_root(project, options))
    bodies_run.clear()
    assert [r.calls_unfollowed for r in check_paths([str(project / "uses.py")], options,
                                                     Project.at_root(project, options))] == [alone[1]]
    if allowance > 3:
        assert bodies_run["outer"] < alone_runs
    else:
        assert bodies_run["outer"] == alone_runs


def test_a_call_that_would_expand_past_the_allowance_is_abandoned(project: Path, monkeypatch) -> None:
    """The allowance bounds each followed call too, not only which calls start: outer's first call
    expands to three runs, past an allowance of two, and is abandoned where it crosses (unknown);
    the file's allowance is then spent."""
    monkeypatch.setattr(calls, "LIBRARY_ALLOWANCE", 2)
    found, unfollowed = _check(project, ["uses.py"])["uses.py"]
    assert unfollowed == 3
    assert [(line, code) for line, code, _ in found] == [(5, "SC301"), (7, "SC301")]
    assert "unknown" in found[0][2] and "unknown" in found[1][2]


GROWING = {
    "grower.py": """\
        import numpy as np


        def step(rows):
            return np.vstack([rows, np.ones((1, 3))])


        def grow(holder):
            holder.rows = np.zeros((0, 3))
            holder.rows = step(holder.rows)
            holder.rows = step(holder.rows)
            holder.rows = step(holder.rows)
        """,
    "grows.py": """\
        import numpy as np
        from grower import grow


        class Holder:
            def __init__(self):
                self.rows = np.ones((3, 3))
                self.name = "rows"


        h = Holder()
        grow(h)
        reveal_shape(h.rows)
        h.rows[2]
        """,
}


@pytest.mark.parametrize("allowance", [3, 10 ** 6])
def test_what_an_abandoned_call_half_did_to_its_objects_is_known_by_name(tmp_path: Path, monkeypatch,
                                                                        allowance) -> None:
    """Abandoned after two steps, ``grow`` had left ``h.rows`` (1, 3): read so, ``h.rows[2]`` was out of
    bounds. What it stored on the object it was handed is unknown after it; the rest stays."""
    for name, text in GROWING.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    monkeypatch.setattr(calls, "LIBRARY_ALLOWANCE", allowance)
    found, unfollowed = _check(tmp_path, ["grows.py"])["grows.py"]
    assert [(line, code) for line, code, _ in found] == [(13, "SC301")]
    if allowance == 3:
        assert unfollowed == 1 and "(3, 3)" not in found[0][2] and "(1, 3)" not in found[0][2]
    else:
        assert unfollowed == 0 and "(3, 3)" in found[0][2]
