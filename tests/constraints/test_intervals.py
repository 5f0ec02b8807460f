"""Sign and interval reasoning: whatever it proves must hold at every value the facts allow."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import predicates as P
from shapecheck.constraints.intervals import holds, interval
from shapecheck.constraints.solver import Fact, Solver, Verdict

from test_dims import NAMES, dims  # rootdir-relative: tests are not a package

COMPARE = {"eq": P.eq, "ne": P.ne, "le": P.le, "lt": P.lt}


@settings(max_examples=400, deadline=None)
@given(a=dims(), b=dims(), kind=st.sampled_from(sorted(COMPARE)),
       floors=st.fixed_dictionaries({n: st.integers(0, 2) for n in NAMES}),
       values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_what_bounds_prove_holds_at_every_allowed_value(a, b, kind, floors, values) -> None:
    facts = [P.le(floor, D.sym(n)) for n, floor in floors.items() if floor]
    requirement = COMPARE[kind](a, b)
    if not holds(requirement, facts):
        return
    values = {n: max(v, floors[n]) for n, v in values.items()}
    try:
        assert P.evaluate_pred(requirement, values)
    except ZeroDivisionError:
        pass


@settings(max_examples=300, deadline=None)
@given(d=dims(), values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_an_interval_contains_every_value(d, values) -> None:
    lo, hi = interval(d, {})
    try:
        assert lo <= D.evaluate(d, values) <= hi
    except ZeroDivisionError:
        pass


def test_sizes_are_not_negative_and_remainders_are_below_the_divisor() -> None:
    n, h = D.sym("n"), D.sym("h")
    assert holds(P.le(0, n), [])
    assert holds(P.lt(D.mod(n, 4), 4), [])
    assert holds(P.le(0, D.floordiv(n, 2)), [])
    assert not holds(P.le(D.floordiv(n, 2), n), [])       # true, but intervals are not relational
    assert holds(P.ne(D.add(n, 1), 0), [])
    assert not holds(P.ne(n, 0), [])                      # a size may be 0
    assert holds(P.ne(n, 0), [P.le(1, n)])
    assert not holds(P.le(0, D.sym("x~")), [])            # a signed symbol may be negative


def test_a_factor_known_not_zero_drops_out_of_a_product_that_must_be_zero() -> None:
    """The question of issue 11's slow run: ``(b*k*s*(d//h)) % (b*k*s*2) == 0`` given the same for
    ``h`` heads, with every size >= 1: both are ``d//h % 2 == 0``, so it holds, without Z3."""
    b, k, h, s, d = (D.sym(x) for x in ("b", "k", "h", "s", "d"))
    per_head = D.floordiv(d, h)
    fact = P.eq(D.mod(b * h * s * per_head, b * h * s * 2), 0)
    requirement = P.eq(D.mod(b * k * s * per_head, b * k * s * 2), 0)
    sizes = [P.le(1, x) for x in (b, k, h, s, d)]
    assert holds(requirement, [fact, *sizes])
    solver = Solver()
    decision = solver.decide([Fact(f) for f in (fact, *sizes)], requirement)
    assert decision.verdict is Verdict.HOLDS and solver.queries == 0


def test_a_question_asked_again_under_other_names_is_not_solved_again() -> None:
    """Each call of a function freshens its symbols: the same question comes back renamed, and the
    process-wide memo answers it (canonical.py) without Z3."""
    def question(a: str, b: str, c: str):
        x, y, z = D.sym(a), D.sym(b), D.sym(c)   # equal squares of sizes: Z3's to prove, not the bounds'
        return [Fact(P.le(1, x)), Fact(P.eq(D.mul(y, y), D.mul(z, z)))], P.eq(y, z)

    first, second = Solver(), Solver()
    assert first.decide(*question("n#1", "m#2", "k#3")).verdict is Verdict.HOLDS and first.queries == 1
    assert second.decide(*question("n#7", "m#9", "k#12")).verdict is Verdict.HOLDS and second.queries == 0


def test_a_size_the_requirement_names_is_tried_as_a_witness() -> None:
    h, d = D.sym("h"), D.sym("d")
    solver = Solver()
    assert solver.decide([], P.eq(D.mul(h, d), 512)).verdict is Verdict.SOMETIMES
    assert solver.queries == 0


@settings(max_examples=400, deadline=None)
@given(a=dims(), b=dims(), kind=st.sampled_from(["le", "lt"]), relations=st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(-3, 3), st.booleans()), max_size=3),
       values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_what_relational_bounds_prove_holds_wherever_the_facts_do(a, b, kind, relations, values) -> None:
    # facts x < y + c / x <= y + c between symbols: a proof by elimination may use them
    facts = [(P.lt if strict else P.le)(D.sym(x), D.add(D.sym(y), c)) for x, y, c, strict in relations]
    requirement = COMPARE[kind](a, b)
    if holds(requirement, facts):
        assert_true_where_the_facts_are(requirement, facts, values)


def assert_true_where_the_facts_are(requirement: P.Pred, facts: list, values: dict) -> None:
    """A proved requirement is true at ``values`` wherever the facts are (a division by 0: neither)."""
    try:
        if all(P.evaluate_pred(f, values) for f in facts):
            assert P.evaluate_pred(requirement, values)
    except ZeroDivisionError:
        pass


def test_a_loop_index_bounded_by_its_range_is_in_range_of_its_array() -> None:
    i, n = D.sym("i"), D.sym("n")
    loop = [P.conj([P.le(1, i), P.lt(i, D.sub(n, 1))])]   # for i in range(1, n - 1)
    for offset in (-1, 0, 1):
        index = D.add(i, offset)
        assert holds(P.conj([P.le(D.neg(n), index), P.lt(index, n)]), loop)
    assert not holds(P.lt(D.add(i, 2), n), loop)   # i = n - 2 runs off


def test_a_bound_restated_with_its_terms_moved_is_the_fact() -> None:
    # a conv's output (h//p - k + 2*(k//2) + 1) is >= 1 because the kernel fits: k <= h//p + 2*(k//2)
    h, k, n = D.sym("h"), D.sym("k"), D.sym("n")
    out = D.add(D.sub(D.add(D.floordiv(h, n), D.mul(D.floordiv(k, 2), 2)), k), 1)
    fits = P.le(k, D.add(D.floordiv(h, n), D.mul(D.floordiv(k, 2), 2)))
    assert holds(P.le(1, out), [fits]) and holds(P.lt(0, out), [fits])
    assert not holds(P.le(2, out), [fits])
    assert Solver()._decide_z3(Solver().encoding(), (Fact(fits),), P.le(1, out)).verdict is Verdict.HOLDS


@settings(max_examples=400, deadline=None)
@given(a=dims(), b=dims(), kind=st.sampled_from(sorted(COMPARE)), bounded=st.lists(
    st.tuples(dims(), st.integers(-3, 3), st.sampled_from(["le", "eq"])), max_size=2),
       values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_what_polynomial_bounds_prove_holds_wherever_the_facts_do(a, b, kind, bounded, values) -> None:
    # facts c <= p / c == p with p any dim (a bound on a polynomial, not on one symbol)
    facts = [(P.le if how == "le" else P.eq)(c, p) for p, c, how in bounded]
    requirement = COMPARE[kind](a, b)
    if holds(requirement, facts):
        assert_true_where_the_facts_are(requirement, facts, values)


def test_a_bound_on_one_conv_out_size_bounds_the_next() -> None:
    # stacked convs and pools: each out size is bounded by a fact about the one before it
    l, p, h, k = D.sym("l"), D.sym("p"), D.sym("h"), D.sym("k")
    half = D.floordiv(D.sub(l, 1), 2)
    assert holds(P.le(1, D.add(D.floordiv(half, 2), 1)), [P.le(1, D.add(half, 1))])
    size = D.sub(D.mul(p, D.floordiv(h, p)), k)                      # p*(h//p) - k, >= -2 by the fact
    fits = P.le(1, D.add(size, 3))
    assert holds(P.le(1, D.add(D.floordiv(size, 2), 2)), [fits])     # (-2)//2 + 2 == 1
    assert not holds(P.le(2, D.add(D.floordiv(size, 2), 2)), [fits])
    assert Solver()._decide_z3(Solver().encoding(), (Fact(fits),),
                               P.le(1, D.add(D.floordiv(size, 2), 2))).verdict is Verdict.HOLDS


def test_questions_about_the_same_facts_share_their_ranges(monkeypatch) -> None:
    """A proof by cases asks of one case's facts once per comparison it cancels or orders: the
    facts' ranges are built once for them (timm: 7,022 provers built -> 2,899), and other facts get
    their own."""
    from shapecheck.constraints import intervals
    built = []
    prover = intervals._Prover

    def counting(facts):
        built.append(facts)
        return prover(facts)

    monkeypatch.setattr(intervals, "_Prover", counting)
    monkeypatch.setattr(intervals, "_LAST", [None])
    n, m = D.sym("n"), D.sym("m")
    facts = [P.le(2, n), P.le(n, m)]
    assert holds(P.le(1, n), facts) and holds(P.le(2, m), list(facts)) and not holds(P.le(3, m), facts)
    assert len(built) == 1
    assert not holds(P.le(2, m), [P.le(2, n)]) and len(built) == 2
    assert holds(P.le(2, m), facts) and len(built) == 3


def _z3(facts, requirement: P.Pred):
    s = Solver()
    return s._decide_z3(s.encoding(), tuple(facts), requirement)


def test_a_branch_a_loop_range_excludes_fails_by_bounds_without_z3() -> None:
    """timm's unrolled loops ask ``8 <= i`` under ``0 <= i < 8`` and ``i < i0`` under ``i0 == 0``
    (44 questions, ~30 ms of Z3 each): bounds refute them, and the core is the fact that does."""
    i, i0, j, branches = (D.sym(name) for name in ("i", "i#0", "j", "branches"))
    s = Solver()
    loop = Fact(P.conj([P.le(0, i), P.lt(i, 8)]), "loop")
    decision = s.decide((loop, Fact(P.le(0, j), "other")), P.le(8, i))
    assert decision.verdict is Verdict.FAILS and decision.core == (loop,)
    # a model of these facts is not among the fixed samples (branches != 1, j == branches or 1):
    # the repair search finds one before bounds may answer
    facts = (Fact(P.conj([P.le(0, i), P.lt(i, j)]), "range"), Fact(P.eq(i0, 0), "first"),
             Fact(P.ne(branches, 1), "many"), Fact(P.disj([P.eq(j, branches), P.eq(j, 1)]), "broadcast"))
    decision = s.decide(facts, P.lt(i, i0))
    # (i is a count, so i0 == 0 alone refutes it)
    assert decision.verdict is Verdict.FAILS and [f.origin for f in decision.core] == ["first"]
    assert s.queries == 0 and s.stages["interval-fails"] == 2
    assert _z3(facts, P.lt(i, i0)).verdict is Verdict.FAILS


def test_facts_without_a_model_leave_a_refutation_to_z3() -> None:
    # Z3 says UNKNOWN when the facts it blames contradict each other, so bounds answer FAILS only
    # with a model of every fact; here there is none, and Z3 blames ``n <= 1`` alone
    s = Solver()
    decision = s.decide((Fact(P.le(3, D.sym("n"))), Fact(P.le(D.sym("n"), 1), "small")), P.le(5, D.sym("n")))
    assert s.stages["interval-fails"] == 0 and s.stages["z3"] == 1
    assert decision.verdict is Verdict.FAILS and [f.origin for f in decision.core] == ["small"]


@settings(max_examples=300, deadline=None)
@given(a=dims(), b=dims(), kind=st.sampled_from(sorted(COMPARE)), bounds=st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(["le", "ge", "eq"]), st.integers(0, 6)), max_size=4))
def test_a_fails_by_bounds_is_z3s_and_its_core_alone_refutes(a, b, kind, bounds) -> None:
    requirement = COMPARE[kind](a, b)
    if requirement.kind in ("true", "false"):
        return
    make = {"le": lambda n, c: P.le(D.sym(n), c), "ge": lambda n, c: P.le(c, D.sym(n)),
            "eq": lambda n, c: P.eq(D.sym(n), c)}
    facts = tuple(Fact(make[kind](n, c)) for n, kind, c in bounds)
    s = Solver()
    decision = s.decide(facts, requirement)
    if not s.stages["interval-fails"]:
        return
    for given in (facts, decision.core):
        z3 = _z3(given, requirement)
        assert z3.verdict is Verdict.FAILS or z3.timed_out
