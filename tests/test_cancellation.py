"""A run cancelled from outside (an editor's deadline, newer text) stops at its next statement with
what it found so far and an SC006, and leaves nothing half-made for the runs after it."""

from __future__ import annotations

import pytest

from shapecheck.api import Cancellation, Options, Project, check_source
from test_incremental import MODEL, SOURCE, USES, _key


class AfterSteps(Cancellation):
    """Cancelled once the run has asked ``steps`` times (it asks once per statement)."""

    def __init__(self, steps: int):
        super().__init__()
        self.left = steps

    @property
    def reason(self):
        self.left -= 1
        return "cut here by the test" if self.left < 0 else None

    @reason.setter
    def reason(self, value):
        pass


def _found(report) -> set:
    return {(d.code, d.span.line, d.message) for d in report.diagnostics if d.code != "SC006"}


@pytest.mark.parametrize("source", [SOURCE, MODEL, USES], ids=["functions", "model", "uses"])
def test_a_cut_run_reports_what_it_found_and_where_it_stopped(source) -> None:
    whole = check_source(source, "m.py", options=Options(notes=True))
    for steps in (0, 1, 3, 8, 20, 60):
        report = check_source(source, "m.py", options=Options(notes=True), cancellation=AfterSteps(steps))
        cuts = [d for d in report.diagnostics if d.code == "SC006"]
        if not cuts:
            assert _key(report) == _key(whole)   # it ended before the cut
            continue
        [cut] = cuts
        assert cut.severity == "info" and "cut here by the test" in cut.message
        assert _found(report) <= _found(whole)


@pytest.mark.parametrize("source", [SOURCE, MODEL, USES], ids=["functions", "model", "uses"])
def test_what_a_cut_run_kept_serves_the_runs_after_it_as_a_whole_run_would(source) -> None:
    """An editor's run cut at its deadline keeps the analyses it finished (the next keystroke's run
    goes further): they must be those a run to the end makes."""
    edited = source.replace("\nimport ", "\nPROBE = 1\nimport ", 1)   # every line below moves
    cold = check_source(edited, "m.py", options=Options(notes=True))
    for steps in (5, 15, 40, 120):
        project = Project(options=Options(notes=True), incremental=True)
        check_source(source, "m.py", project=project, cancellation=AfterSteps(steps))
        check_source(edited, "m.py", project=project, cancellation=AfterSteps(steps))
        assert _key(check_source(edited, "m.py", project=project)) == _key(cold)
