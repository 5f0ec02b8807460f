"""A run whose solver budget is spent leaves every later open question unknown: the report says so
once, at the first, with the count of the rest (pyscf's uadc_ip_cvs.py had 135 such notes)."""

from shapecheck.api import check_source
from shapecheck.constraints import solver

SOURCE = """\
import numpy as np


def f(x, y, z):
    a = np.ones((x,)) + np.ones((y,))
    b = np.ones((y,)) + np.ones((z,))
    c = np.ones((z,)) + np.ones((x,))
    return a, b, c
"""


def _budget_notes(report):
    return [d for d in report.diagnostics if d.code == "SC005"]


def test_a_spent_budget_is_one_note_with_the_count_of_the_rest(monkeypatch) -> None:
    monkeypatch.setattr(solver.Solver, "_exhausted", lambda self: True)
    monkeypatch.setattr(solver.Solver, "_answer", lambda self, *args: None)   # no question is asked
    notes = _budget_notes(check_source(SOURCE, "spent.py"))
    assert len(notes) == 1
    note, = notes
    assert note.severity == "info" and note.line == 5
    assert "step budget for this file was spent" in note.message
    assert "(2 more questions of this file after it went unasked too)" in note.message


def test_questions_past_their_own_step_limit_keep_a_note_each(monkeypatch) -> None:
    # a question Z3 gave up on is news of its own, not of the run's budget
    undecided = solver.Decision(solver.Verdict.UNKNOWN, timed_out=True)
    monkeypatch.setattr(solver.Solver, "_answer", lambda self, *args: undecided)
    notes = _budget_notes(check_source(SOURCE, "hard.py"))
    assert [n.line for n in notes] == [5, 6, 7]
    assert all("did not decide within its step limit" in n.message for n in notes)


def test_an_unspent_budget_leaves_no_note() -> None:
    assert _budget_notes(check_source(SOURCE, "plain.py")) == []
