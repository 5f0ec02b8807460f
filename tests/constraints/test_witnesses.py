"""Witnesses by repair: a pair found is a real pair, so the verdict it gives (SOMETIMES) is Z3's."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import predicates as P
from shapecheck.constraints.canonical import question_key
from shapecheck.constraints.solver import Fact, Solver, Verdict, _assignments
from shapecheck.constraints.witnesses import witnesses

from test_dims import NAMES, dims  # rootdir-relative: tests are not a package

COMPARE = {"eq": P.eq, "ne": P.ne, "le": P.le, "lt": P.lt}
a, b, m, j = (D.sym(name) for name in ("a", "b", "m", "j"))


@st.composite
def preds(draw, depth: int = 2):
    if depth == 0 or draw(st.booleans()):
        return COMPARE[draw(st.sampled_from(sorted(COMPARE)))](draw(dims(depth=2)), draw(dims(depth=2)))
    parts = draw(st.lists(preds(depth=depth - 1), min_size=2, max_size=3))
    return P.conj(parts) if draw(st.booleans()) else P.disj(parts)


def _search(facts: list, requirement: P.Pred):
    _, order = question_key(facts, requirement)
    return witnesses(facts, requirement, order, _assignments(order))


@settings(max_examples=300, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds())
def test_a_pair_found_is_what_z3_calls_sometimes(facts, requirement) -> None:
    if requirement.kind in ("true", "false"):
        return
    found = _search(facts, requirement)
    if found is None:
        return
    fails, holds = found
    for values, expected in ((fails, False), (holds, True)):
        assert all(v >= 0 for v in values.values())   # sizes
        assert all(P.evaluate_pred(f, values) for f in facts)
        assert P.evaluate_pred(requirement, values) is expected
    verdict = Solver()._decide_z3(Solver().encoding(), tuple(Fact(f) for f in facts), requirement).verdict
    assert verdict in (Verdict.SOMETIMES, Verdict.UNKNOWN)   # UNKNOWN: Z3 ran out of steps


def test_a_broadcast_that_may_fail_is_shown_by_values_the_facts_tie_together() -> None:
    # m is a's and b's broadcast (a == b or one of them 1, m the larger): fixed small values
    # satisfy the facts only where the requirement holds too
    facts = [P.disj([P.eq(a, b), P.eq(a, 1), P.eq(b, 1)]), P.eq(m, D.dmax(a, b)), P.disj([P.eq(j, 512), P.eq(j, 1)])]
    requirement = P.disj([P.eq(m, j), P.eq(j, 1)])
    fails, holds = _search(facts, requirement)
    assert not P.evaluate_pred(requirement, fails) and P.evaluate_pred(requirement, holds)
    s = Solver()
    assert s.decide(tuple(Fact(f) for f in facts), requirement).verdict is Verdict.SOMETIMES and s.queries == 0


def test_no_pair_where_the_facts_decide() -> None:
    facts = [P.eq(a, D.mul(b, 2)), P.le(1, b)]
    assert _search(facts, P.eq(D.mod(a, 2), 0)) is None                       # holds
    assert _search(facts, P.eq(D.mod(a, 2), 1)) is None                       # fails
    assert _search([P.le(1, b)], P.eq(D.floordiv(a, D.sub(b, 1)), 0)) is not None


def test_a_divisor_that_is_not_positive_makes_no_witness() -> None:
    # a % b is undefined at b = 0 (Python raises; Z3 leaves it unspecified), so no values satisfy
    # the fact there, and b >= 1 everywhere else: no failing witness
    assert _search([P.eq(D.mod(a, b), 0)], P.le(1, b)) is None
    assert _search([P.eq(D.mod(a, b), 0)], P.le(2, b)) is not None


def test_a_question_key_is_the_same_exactly_for_copies_under_other_names() -> None:
    n, m, k, w, y, z = (D.sym(name) for name in ("n", "m", "k", "w", "y", "z"))
    facts = [P.eq(D.mul(n, m), k), P.le(1, m)]
    key, names = question_key(facts, P.eq(D.mod(k, m), 0))
    renamed, renamed_names = question_key([P.eq(D.mul(z, y), w), P.le(1, y)], P.eq(D.mod(w, y), 0))
    assert key == renamed and (names, renamed_names) == (["k", "m", "n"], ["w", "y", "z"])
    # the same predicates linked otherwise: 1 <= k instead of 1 <= m
    assert question_key([P.eq(D.mul(n, m), k), P.le(1, k)], P.eq(D.mod(k, m), 0))[0] != key
    assert question_key(facts, P.eq(D.mod(k, n), 0))[0] != key


def test_a_symbol_a_product_scales_takes_the_value_the_product_divides_out() -> None:
    # torchvision's swin: a reshape states b*n*(u - 1) == b*n*x*y, so u is x*y + 1 when b*n != 0;
    # no probe reaches it, and Z3 took 1.5-2M steps per copy to show the broadcast may fail
    u, x, y, n, c, e = (D.sym(name) for name in ("u", "x", "y", "n", "c", "e"))
    facts = [P.eq(D.sub(D.mul(D.mul(b, n), u), D.mul(b, n)), D.mul(D.mul(D.mul(b, n), x), y)),
             P.eq(D.mul(D.mul(b, x), y), D.mul(D.mul(c, e), n))] + [P.le(1, v) for v in (b, n, c, e, x, y)]
    requirement = P.disj([P.eq(x, c), P.eq(x, 1), P.eq(c, 1)])
    fails, holds = _search(facts, requirement)
    assert not P.evaluate_pred(requirement, fails) and P.evaluate_pred(requirement, holds)
    assert all(P.evaluate_pred(f, fails) and P.evaluate_pred(f, holds) for f in facts)
    s = Solver()
    assert s.decide(tuple(Fact(f) for f in facts), requirement).verdict is Verdict.SOMETIMES and s.queries == 0


def test_a_factor_of_a_dividend_takes_the_multiple_the_divisor_asks_for() -> None:
    # diffusers' upfirdn2d: a reshape's (c*k) % (h*w + p) == 0 where the divisor is what other
    # constraints made it (37 here); no probe reaches a multiple of it, and Z3 took ~0.28 s a question
    c, k, h, w, p = (D.sym(name) for name in ("c", "k", "h", "w", "p"))
    divisible = D.mod(D.mul(c, k), D.add(D.mul(h, w), p))
    for stated in (divisible, D.mul(D.mul(h, w), divisible)):   # (times sizes, as a reshape states it too)
        _assert_sometimes_by_search([P.eq(stated, 0)] + [P.le(1, v) for v in (c, k, h, w, p)], P.eq(D.mul(h, w), 36))


def test_a_repair_that_fixes_its_constraint_may_break_two_others() -> None:
    # timm's split attention: convs with groups g and g*r; whether g divides mid turns on r = 0
    # (a modulo by 0 is unspecified to Z3). The failing witness needs g = 2, which breaks
    # o % g == 0 and a % g == 0 before their own repairs mend them; a search that always
    # preferred the change breaking fewest walked mid up instead, and Z3 took 0.8 s
    i, g, r, mid, o, a_ = (D.sym(name) for name in ("i", "g", "r", "mid", "o", "a_"))
    facts = [P.eq(D.mod(i, D.mul(g, r)), 0), P.eq(D.mod(mid, D.mul(g, r)), 0),
             P.eq(D.mod(o, g), 0), P.eq(D.mod(a_, g), 0)]
    requirement = P.eq(D.mod(mid, g), 0)
    s = Solver()
    assert s.decide(tuple(Fact(f) for f in facts), requirement).verdict is Verdict.SOMETIMES and s.queries == 0


def _assert_sometimes_by_search(facts: list, requirement: P.Pred) -> None:
    fails, holds = _search(facts, requirement)
    assert not P.evaluate_pred(requirement, fails) and P.evaluate_pred(requirement, holds)
    assert all(P.evaluate_pred(f, fails) and P.evaluate_pred(f, holds) for f in facts)
    s = Solver()
    assert s.decide(tuple(Fact(f) for f in facts), requirement).verdict is Verdict.SOMETIMES and s.queries == 0


def test_a_part_of_a_disjunction_is_built_once_for_every_fact_holding_it() -> None:
    from shapecheck.constraints.witnesses import constraint
    shared = P.eq(a, b)
    first, second = constraint(P.disj([shared, P.eq(a, 1)])), constraint(P.disj([shared, P.eq(b, 1)]))
    assert first.parts[0] is second.parts[0] is constraint(shared)


def test_a_comparison_works_out_its_moves_only_when_it_is_repaired() -> None:
    """Built for every fact, repaired for few: the moves wait for the first repair, and are those
    of the comparison's own division by 0 (two constraints of one predicate share none)."""
    from shapecheck.constraints.dims import ByZero
    from shapecheck.constraints.witnesses import constraint

    n, h, k = (D.sym(name) for name in ("n", "h", "k"))
    pred = P.eq(D.add(D.mul(n, D.floordiv(h, k)), 5), m)   # n*(h//k) + 5 == m: n scales h//k
    plain, by_zero = constraint(pred), constraint(pred, ByZero(3, 0))
    assert plain.comparison._moves is None and by_zero.comparison._moves is None
    values = {"n": 3, "h": 4, "k": 0, "m": 11}
    assert not by_zero.safely_holds(values) and by_zero.comparison._moves is None
    # 3*n + 5 == 11 at n = 2, with h//0 taken as 3; no probe of n (4, 6, or the constant 5) gives it
    assert ("n", 2) in set(by_zero.repairs(values)) and by_zero.comparison._moves is not None
    assert ("n", 2) not in set(plain.repairs(values))   # undefined without a choice at 0: only probes
    assert plain.comparison._moves is not by_zero.comparison._moves


@settings(max_examples=200, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds())
def test_no_two_symbols_of_a_search_share_a_rank(facts, requirement) -> None:
    """The repair options are sorted by (rank, value) with the name last: a name never decides
    an order (which a set's iteration order, varying with the process's string hashes, did)."""
    from shapecheck.constraints.witnesses import _Search, constraint

    if requirement.kind in ("true", "false"):
        return
    _, order = question_key(facts, requirement)
    rank = {name: i for i, name in enumerate(order)}
    search = _Search([constraint(requirement)] + [constraint(f) for f in facts],
                     lambda name: (name in P.pred_symbols(requirement), rank.get(name, len(rank))), 10)
    assert len(set(search.rank.values())) == len(search.rank)


@settings(max_examples=80, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds())
def test_a_renamed_copy_answered_from_the_memo_gets_the_answer_asked_afresh(facts, requirement) -> None:
    """The process's memo answers a copy of a question under other names from the first copy's
    answer, its witnesses renamed back (canonical.py): that answer must be the one the copy gets
    asked afresh, witnesses included. The renaming keeps the names' order, so the copy's normal
    forms are the first's and the memo is hit."""
    from shapecheck.constraints import solver as S

    renaming = {name: D.sym(f"x_{name}") for name in NAMES}
    copy_facts = [P.substitute_pred(f, renaming) for f in facts]
    copy = P.substitute_pred(requirement, renaming)
    S._DECIDED.clear()
    Solver().decide(tuple(Fact(f) for f in facts), requirement)
    recalling = Solver()
    recalled = recalling.decide(tuple(Fact(f) for f in copy_facts), copy)
    S._DECIDED.clear()
    afresh = Solver().decide(tuple(Fact(f) for f in copy_facts), copy)
    assert (recalled.verdict, recalled.counterexample, recalled.witness) == \
        (afresh.verdict, afresh.counterexample, afresh.witness)
    if recalling.stages["recalled"] == 0 and requirement.kind not in ("true", "false"):
        assert recalled.verdict is Verdict.FAILS and recalled.core   # kept only as asked (its core)
