"""Witnesses where a divisor is 0: Z3 leaves ``x // 0`` and ``x % 0`` unspecified (a function of
``x`` each model chooses), so values under which the facts hold for some choice are a model to Z3
as well, and the verdict they give (SOMETIMES) is Z3's. Most of the SOMETIMES questions of real
model code that reached Z3 were of this kind (issue 11)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import predicates as P
from shapecheck.constraints import solver as S
from shapecheck.constraints.canonical import question_key
from shapecheck.constraints.solver import _BY_ZERO, Fact, Solver, Verdict, _assignments
from shapecheck.constraints.witnesses import witnesses

from test_witnesses import preds  # rootdir-relative: tests are not a package

x, y, n, h, b = (D.sym(name) for name in ("x", "y", "n", "h", "b"))


def _z3_verdict(facts: list, requirement: P.Pred) -> Verdict:
    s = Solver()
    return s._decide_z3(s.encoding(), tuple(Fact(f) for f in facts), requirement).verdict


def _by_zero(facts: list, requirement: P.Pred):
    s = Solver()
    _, order = question_key(facts, requirement)
    chosen = tuple(Fact(f) for f in facts)
    fails, holds, undefined = s._sample(chosen, requirement, order)
    return s._sample_by_zero(chosen, requirement, undefined, fails, holds)


def test_the_quotient_and_remainder_by_zero_are_what_they_are_told() -> None:
    q = D.floordiv(x, y)
    assert D.evaluate(q, {"x": 7, "y": 2}) == 3
    assert D.evaluate(D.add(q, D.mod(x, y)), {"x": 7, "y": 0}, D.ByZero(-1, 5)) == 4
    assert P.evaluate_pred(P.le(1, q), {"x": 7, "y": 0}, D.ByZero(2, 0))


def test_a_divisor_the_facts_allow_to_be_zero_makes_the_question_sometimes_without_z3() -> None:
    # (x*y) % y == 0 and 1 <= (x*y) // y (a reshape's facts) say nothing at y = 0 to Z3
    facts = [P.eq(D.mod(D.mul(x, y), y), 0), P.le(1, D.floordiv(D.mul(x, y), y))]
    requirement = P.le(1, y)
    s = Solver()
    decision = s.decide(tuple(Fact(f) for f in facts), requirement)
    assert decision is not None and decision.verdict is Verdict.SOMETIMES
    assert s.queries == 0 and decision.counterexample["y"] == 0
    assert _z3_verdict(facts, requirement) is Verdict.SOMETIMES


def test_a_pair_sampling_finds_by_zero_spares_the_repair_search(monkeypatch) -> None:
    # its failing witness divides by 0, which a repair search without a choice by zero cannot
    # reach (such searches spent ~7,000 calls failing on each of 89 vit-pytorch questions)
    searched = []
    monkeypatch.setattr(S, "_DECIDED", {})   # asked afresh, not recalled from an earlier test
    monkeypatch.setattr(S.witnesses, "witnesses", lambda *args, **kwargs: searched.append(args))
    facts = [P.eq(D.mod(n, h), 0), P.le(1, D.floordiv(n, h))]   # a reshape's, splitting n by h
    s = Solver()
    decision = s.decide(tuple(Fact(f) for f in facts), P.le(1, h))
    assert decision.verdict is Verdict.SOMETIMES and s.stages["by-zero"] == 1
    assert searched == [] and decision.counterexample["h"] == 0


def test_a_negative_quotient_by_zero_breaks_a_size() -> None:
    # Z3's quotient by 0 may be negative: 0 <= n // h fails at h = 0 in one of its models
    facts = [P.eq(D.mod(n, h), 0)]
    fails, holds = _by_zero(facts, P.le(0, D.floordiv(n, h)))
    assert fails is not None and fails["h"] == 0 and holds is not None
    assert _z3_verdict(facts, P.le(0, D.floordiv(n, h))) is Verdict.SOMETIMES


def test_two_divisions_by_zero_told_apart_by_their_dividends() -> None:
    # a strided window's size on two axes (vit-pytorch): the fact holds and the requirement fails at
    # j = 0 only where x // 0 depends on x, which Z3's div0 may (a shift of the dividend), no constant
    j, x2, x3 = D.sym("j"), D.sym("x2"), D.sym("x3")
    size = lambda x: D.add(D.floordiv(D.floordiv(D.sub(x, 1), 2), j), 1)
    halved = lambda x: D.add(D.floordiv(D.sub(x, 1), 2), 1)
    facts = [P.le(1, halved(x3)), P.le(1, size(x2)), P.le(1, halved(x2))]
    requirement = P.le(1, size(x3))
    s = Solver()
    decision = s.decide(tuple(Fact(f) for f in facts), requirement)
    assert decision.verdict is Verdict.SOMETIMES and s.queries == 0 and s.stages["by-zero"] == 1
    assert decision.counterexample["j"] == 0
    assert _z3_verdict(facts, requirement) is Verdict.SOMETIMES
    shift = D.ByZero(-1, 0, shifted=True)
    assert D.evaluate(D.floordiv(x2, j), {"x2": 5, "j": 0}, shift) == 4


def test_no_pair_where_every_choice_by_zero_keeps_the_answer() -> None:
    # b*(n % h) == b*(n % h) holds whatever n % 0 is: no failing witness
    facts = [P.le(1, b)]
    fails, holds = _by_zero(facts, P.eq(D.add(D.mul(b, D.mod(n, h)), 1), D.add(D.mul(D.mod(n, h), b), 1)))
    assert fails is None


@settings(max_examples=300, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds())
def test_a_pair_found_by_zero_is_what_z3_calls_sometimes(facts, requirement) -> None:
    if requirement.kind in ("true", "false"):
        return
    fails, holds = _by_zero(facts, requirement)
    if fails is None or holds is None:
        return
    for values, expected in ((fails, False), (holds, True)):
        assert all(v >= 0 for v in values.values())   # sizes
        assert any(all(P.evaluate_pred(f, values, by_zero) for f in facts)
                   and P.evaluate_pred(requirement, values, by_zero) is expected for by_zero in _BY_ZERO)
    assert _z3_verdict(facts, requirement) in (Verdict.SOMETIMES, Verdict.UNKNOWN)   # UNKNOWN: out of steps


def test_a_divisor_made_zero_is_repaired_into_the_facts_it_ties() -> None:
    # h*(n//h) == n (a split into heads) holds at h = 0 only with n = 0: no fixed sample has both,
    # the repair search finds it once told what n % 0 gives
    facts = [P.eq(D.mul(h, D.floordiv(n, h)), n)]
    requirement = P.eq(D.mul(b, D.mod(n, h)), 0)
    assert _by_zero(facts, requirement)[0] is None
    s = Solver()
    decision = s.decide(tuple(Fact(f) for f in facts), requirement)
    assert decision is not None and decision.verdict is Verdict.SOMETIMES and s.queries == 0
    assert decision.counterexample["h"] == 0 and decision.counterexample["n"] == 0
    assert _z3_verdict(facts, requirement) is Verdict.SOMETIMES


@settings(max_examples=300, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds())
def test_a_pair_repaired_by_zero_is_what_z3_calls_sometimes(facts, requirement) -> None:
    if requirement.kind in ("true", "false"):
        return
    _, order = question_key(facts, requirement)
    by_zero = D.ByZero(-1, 0)
    found = witnesses(facts, requirement, order, _assignments(order), by_zero=by_zero)
    if found is None:
        return
    for values, expected in zip(found, (False, True)):
        assert all(P.evaluate_pred(f, values, by_zero) for f in facts)
        assert P.evaluate_pred(requirement, values, by_zero) is expected
    assert _z3_verdict(facts, requirement) in (Verdict.SOMETIMES, Verdict.UNKNOWN)   # UNKNOWN: out of steps
