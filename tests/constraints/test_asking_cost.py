"""What the solver does to answer cheaply must not change an answer: the sampled values are the
ones a generator seeded per question would draw, a remembered answer's values are renamed to the
question's own symbols, and each comparison is encoded as itself."""

from __future__ import annotations

import random

import pytest

from shapecheck.constraints import dims as D
from shapecheck.constraints.predicates import Pred, evaluate_pred
from shapecheck.constraints.solver import Decision, Encoding, Verdict, _assignments, _renamed


def _drawn_per_question(order: list[str]) -> list[dict]:
    """The mixed assignments as drawn before they were kept per count: a generator per question."""
    rng = random.Random(len(order))
    return [{name: rng.choice((0, 1, 1, 2, 3, 4, 5, 6, 8)) for name in order} for _ in range(24)]


@pytest.mark.parametrize("orders", [(["a", "b", "c"], ["x", "y", "z", "w", "v"], ["p", "q", "r"]),
                                    (["n"], [f"s{i}" for i in range(12)], ["m"])])
def test_the_mixed_assignments_are_those_a_generator_per_question_draws(orders) -> None:
    """Kept per count of symbols, named by each question's own symbols, whatever was asked before."""
    for order in orders:
        mixed = list(_assignments(order))[-24:]
        assert mixed == _drawn_per_question(order)


def test_a_remembered_answer_is_renamed_to_the_question_s_symbols() -> None:
    numbered = Decision(Verdict.SOMETIMES, counterexample={0: 3, 1: 0}, witness={0: 1, 1: 1, 2: 5})
    named = _renamed(numbered, ["n#7", "m#8"])   # a witness of a symbol the question lacks is dropped
    assert named.counterexample == {"n#7": 3, "m#8": 0} and named.witness == {"n#7": 1, "m#8": 1}
    back = _renamed(named, {"n#7": 0, "m#8": 1})
    assert back.counterexample == {0: 3, 1: 0} and back.witness == {0: 1, 1: 1}
    assert _renamed(Decision(Verdict.HOLDS), ["n#7"]) == Decision(Verdict.HOLDS)


@pytest.mark.parametrize("kind", ["eq", "ne", "le", "lt"])
def test_each_comparison_is_encoded_as_itself(kind) -> None:
    """``n <kind> 3`` in Z3 holds at exactly the values of n at which it holds in Python."""
    n = D.sym("n")
    pred = Pred(kind, (n, 3))
    for value in range(6):
        enc = Encoding()
        s = enc.solver()
        term = enc.pred(pred)
        s.add(enc.variables["n"] == value)
        s.add(term)
        assert (str(s.check()) == "sat") is evaluate_pred(pred, {"n": value}), (kind, value)


@pytest.mark.parametrize("tracked", [False, True])
def test_the_steps_counted_are_z3_s_own_rlimit_count(tracked) -> None:
    """``Encoding.spent`` reads the counter in one pass from the end: it is the one z3py names."""
    enc = Encoding()
    s = enc.solver(tracked=tracked)
    n, m = (enc.dim(D.sym(name)) for name in ("n", "m"))
    s.add(n * m == 12, n >= 2, m > n)
    assert str(s.check()) == "sat"
    spent = enc.spent()
    assert spent > 0 and spent == s.statistics().get_key_value("rlimit count")
