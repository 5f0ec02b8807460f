"""Proof by cases: what it proves holds wherever the facts do, and Z3 agrees."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import predicates as P
from shapecheck.constraints.cases import holds, holds_by_fewer
from shapecheck.constraints.solver import Fact, Solver, Verdict

from test_dims import NAMES  # rootdir-relative: tests are not a package
from test_intervals import assert_true_where_the_facts_are
from test_witnesses import preds

a, b, m, h, w, k, n = (D.sym(name) for name in ("a", "b", "m", "h", "w", "k", "n"))


def _z3(facts, requirement) -> Verdict:
    return Solver()._decide_z3(Solver().encoding(), tuple(Fact(f) for f in facts), requirement).verdict


@settings(max_examples=150, deadline=None)
@given(facts=st.lists(preds(), max_size=3), requirement=preds(),
       values=st.fixed_dictionaries({name: st.integers(0, 9) for name in NAMES}))
def test_what_cases_prove_holds_wherever_the_facts_do(facts, requirement, values) -> None:
    if not holds(requirement, facts):
        return
    assert_true_where_the_facts_are(requirement, facts, values)
    assert _z3(facts, requirement) in (Verdict.HOLDS, Verdict.UNKNOWN)


def test_a_broadcast_result_is_proved_in_each_case() -> None:
    # m is the broadcast of a and b; b is 512 or 1
    facts = [P.disj([P.eq(a, b), P.eq(a, 1), P.eq(b, 1)]),
             P.disj([P.conj([P.eq(a, b), P.eq(m, a)]), P.conj([P.eq(a, 1), P.eq(m, b)]),
                     P.conj([P.eq(b, 1), P.eq(m, a)])]),
             P.disj([P.eq(b, 512), P.eq(b, 1)])]
    assert holds(P.disj([P.eq(m, a), P.eq(m, 512)]), facts)
    assert not holds(P.eq(D.dmax(a, b), m), facts)           # a == 0, b == 1: m is 0
    assert holds(P.eq(D.dmax(a, b), m), facts + [P.le(1, a)])
    assert not holds(P.eq(m, a), facts)                      # a == 1, b == 512: m is 512
    assert _z3(facts, P.eq(m, a)) is Verdict.SOMETIMES


def test_a_conv_output_size_divides_by_its_width() -> None:
    p = D.floordiv(k, 2)
    rows, cols = D.add(D.sub(D.add(h, D.mul(p, 2)), k), 1), D.add(D.sub(D.add(w, D.mul(p, 2)), k), 1)
    facts = [P.le(k, D.add(h, D.mul(p, 2))), P.le(k, D.add(w, D.mul(p, 2)))]
    assert D.polynomial_quotient(D.mul(rows, cols), cols) == rows
    assert holds(P.eq(D.mod(D.mul(rows, cols), cols), 0), facts)
    assert not holds(P.eq(D.mod(D.add(D.mul(rows, cols), 1), cols), 0), facts)


def test_a_2d_conv_output_size_is_never_zero_factor_by_factor() -> None:
    # diffusers' upfirdn2d_native reshapes by (h+p-k+1)*(w+q-j+1), expanded: bounds cannot show the
    # product >= 1 whole, only each factor from k <= h+p and j <= w+q (Z3 ran out of 5M steps)
    p, q, j = D.sym("p"), D.sym("q"), D.sym("j")
    rows, cols = D.add(D.sub(D.add(h, p), k), 1), D.add(D.sub(D.add(w, q), j), 1)
    size = D.mul(rows, cols)
    assert len(D.factors(D.mul(size, 3))) == 3        # 3, and each factor up to its sign
    assert D.factors(D.add(D.mul(h, h), 1)) == [D.add(D.mul(h, h), 1)]
    dividend = D.mul(D.floordiv(D.mul(n, m), D.add(h, w)), size)
    facts = [P.le(k, D.add(h, p)), P.le(j, D.add(w, q))]
    assert holds(P.eq(D.mod(dividend, size), 0), facts)
    assert not holds(P.eq(D.mod(dividend, size), 0), facts[:1])    # j == w+q+1 makes it 0
    for d in (size, D.sub(D.mul(D.mul(a, b), m), m), D.mul(D.sub(a, b), D.add(a, b))):
        parts = D.factors(d)
        assert D.product(parts) == d


def test_no_proof_over_a_divisor_that_may_be_zero() -> None:
    # normalisation takes (n*h) % h as 0; at h == 0 Z3 leaves it unspecified
    facts = [P.eq(m, D.mul(n, h))]
    assert not holds(P.eq(D.mod(m, h), 0), facts)
    assert holds(P.eq(D.mod(m, h), 0), facts + [P.le(1, h)])


def test_contradictory_facts_prove_nothing() -> None:
    assert not holds(P.eq(a, b), [P.disj([P.eq(a, 3), P.eq(a, 4)]), P.eq(a, 5)])


def test_a_question_proved_by_cases_never_reaches_z3() -> None:
    facts = (Fact(P.disj([P.eq(b, 512), P.eq(b, 1)])), Fact(P.lt(1, b)))
    s = Solver()
    assert s.decide(facts, P.eq(b, 512)).verdict is Verdict.HOLDS and s.queries == 0


def test_a_multiple_of_a_divisor_that_is_never_zero_leaves_no_remainder() -> None:
    # timm's bottleneck_attn: q*(2*W*W + W - 1) % (2*W*W + W - 1), q a division by 2*W - 1; the
    # divisor is -1 at W == 0 and at least 2 above, and Z3 answered in 4.8M steps or ran out at 5M
    q = D.floordiv(D.mul(n, k), D.sub(D.mul(w, 2), 1))
    divisor = D.sub(D.add(D.mul(D.mul(w, w), 2), w), 1)
    requirement = P.eq(D.mod(D.mul(q, divisor), divisor), 0)
    assert holds(requirement, [P.eq(D.mul(w, D.mod(D.mul(n, k), D.sub(D.mul(w, 2), 1))), 0)])
    assert not holds(P.eq(D.mod(D.mul(q, divisor), D.sub(divisor, 1)), 0), [])
    assert not holds(P.eq(D.mod(D.mul(q, D.sub(w, 1)), D.sub(w, 1)), 0), [])   # 0 at w == 1


def test_a_factor_both_sides_share_is_cancelled_when_it_is_never_zero() -> None:
    # vit-pytorch's jet_vit: a batch's reshape states u*b*heads == b*dim, so dim is u*heads and
    # b*(dim % heads) is 0; Z3 ran out of its 5M steps on it (1.2 s, twice a run)
    u, dim = D.sym("u"), D.sym("dim")
    facts = [P.eq(D.mul(D.mul(u, b), h), D.mul(b, dim)), P.le(1, b), P.le(1, h)]
    requirement = P.eq(D.mul(b, D.mod(dim, h)), 0)
    assert holds(requirement, facts)
    assert holds(P.eq(D.mod(dim, h), 0), facts)
    unbounded = [facts[0], P.le(1, h)]                     # b may be 0: then dim is anything
    assert not holds(P.eq(D.mod(dim, h), 0), unbounded)
    assert _z3(unbounded, P.eq(D.mod(dim, h), 0)) is Verdict.SOMETIMES


def test_a_multiple_of_a_fact_holds() -> None:
    # heads*(d//heads) == d (a split into heads): so b*heads*(d//heads) == b*d whatever b is, and
    # even where heads may be 0 (the same division on both sides), and b*(d % heads) == 0 once
    # heads >= 1 (x % y is x - y*(x//y) only for y != 0)
    d = D.sym("d")
    split = P.eq(D.mul(h, D.floordiv(d, h)), d)
    assert holds(P.eq(D.mul(D.mul(b, h), D.floordiv(d, h)), D.mul(b, d)), [split])
    assert _z3([split], P.eq(D.mul(D.mul(b, h), D.floordiv(d, h)), D.mul(b, d))) is Verdict.HOLDS
    assert holds(P.eq(D.mul(b, D.mod(d, h)), 0), [split, P.le(1, h)])
    assert not holds(P.eq(D.mul(b, D.mod(d, h)), 0), [split])
    assert not holds(P.eq(D.mul(D.mul(b, h), D.floordiv(d, h)), D.add(D.mul(b, d), 1)), [split, P.le(1, h)])


def test_a_fact_with_an_integer_content_divides_the_requirement_it_states() -> None:
    # timm's qkv: b*h*w*c*3 == b*h*w*heads*96 (three parts of 32 per head), then c == heads*32 per
    # part: the fact's difference is 3 times the requirement's, which Z3 took 0.2-0.5 s to see
    c, heads = D.sym("c"), D.sym("heads")
    size = D.mul(D.mul(b, h), w)
    qkv = P.eq(D.mul(D.mul(size, c), 3), D.mul(D.mul(size, heads), 96))
    requirement = P.eq(D.mul(D.mul(size, heads), 32), D.mul(size, c))
    assert holds(requirement, [qkv]) and _z3([qkv], requirement) is Verdict.HOLDS
    assert not holds(P.eq(D.mul(D.mul(size, heads), 33), D.mul(size, c)), [qkv])
    assert D.primitive_part(D.sub(D.mul(c, 6), 9)) == D.sub(D.mul(c, 2), 3)


def test_a_fact_that_moves_the_dividend_shows_it_a_multiple() -> None:
    # vit-pytorch's regionvit: einops asks numel % (h*w) == 0 where a reshape stated numel ==
    # n*h*w, h and w divisions that may be 0 by bounds; numel >= 1 shows h*w is not 0. Z3 ran out
    # of its 5M steps on each copy (2.7 s a time).
    r, s, t, l, x, y = (D.sym(name) for name in ("r", "s", "t", "l", "x", "y"))
    divisor = D.mul(D.floordiv(x, D.floordiv(x, s)), D.floordiv(y, D.floordiv(y, t)))
    numel = D.mul(D.mul(r, s), t)
    sizes = [P.le(1, v) for v in (r, s, t, x, y)]
    facts = [P.eq(numel, D.mul(l, divisor))] + sizes
    assert holds(P.eq(D.mod(numel, divisor), 0), facts)
    assert_true_where_the_facts_are(P.eq(D.mod(numel, divisor), 0), facts, {"r": 2, "s": 1, "t": 3, "l": 6,
                                                                           "x": 4, "y": 3})
    assert not holds(P.eq(D.mod(numel, divisor), 0), [facts[0]])                 # numel may be 0
    assert not holds(P.eq(D.mod(D.add(numel, 1), divisor), 0), facts)
    assert not holds(P.eq(D.mod(numel, D.add(divisor, 1)), 0), facts)



def _broadcast(x, y, result) -> list:
    return [P.disj([P.eq(x, y), P.eq(x, 1), P.eq(y, 1)]),
            P.disj([P.conj([P.eq(x, y), P.eq(result, x)]), P.conj([P.eq(x, 1), P.eq(result, y)]),
                    P.conj([P.eq(y, 1), P.eq(result, x)])])]


def test_only_the_facts_a_proof_needs_are_split() -> None:
    # torchvision's swin: (u*m1*m2*m3) % (d*d) == 0 with m2, m3 broadcasts of d and e, m1 one of
    # f and g: 3**6 cases, but splitting m2's and m3's settles it (d is 1, or both are d). Z3 ran
    # out of its 5M steps on it.
    d, e, f, g, u, m1, m2, m3 = (D.sym(name) for name in ("d", "e", "f", "g", "u", "m1", "m2", "m3"))
    facts = _broadcast(f, g, m1) + _broadcast(d, e, m2) + _broadcast(d, e, m3) + [P.le(1, d)]
    requirement = P.eq(D.mod(D.mul(D.mul(D.mul(u, m1), m2), m3), D.mul(d, d)), 0)
    assert holds(requirement, facts)
    assert not holds(P.eq(D.mod(D.mul(D.mul(u, m1), m2), D.mul(d, d)), 0), facts)   # d == e == 2, u == 1
    s = Solver()
    assert s.decide(tuple(Fact(f) for f in facts), requirement).verdict is Verdict.HOLDS and s.queries == 0


def test_a_quotient_times_its_divisor_is_the_dividend_where_a_fact_says_it_divides() -> None:
    # timm's lambda_layer: n = H*W*dim_attn split in d*dim_head parts (so B*3*(n % (d*dim_head)) is
    # 0), then (d*dim_head*(n // (d*dim_head))) % (H*W) asked; Z3 ran out of its 5M steps (1.3 s)
    big_b, d, dh = D.sym("B"), D.sym("d"), D.sym("dim_head")
    y = D.mul(d, dh)
    whole = D.mul(D.mul(h, w), k)
    facts = [P.le(1, h), P.le(1, w), P.eq(D.mul(D.mul(big_b, D.mod(whole, y)), 3), 0)]
    requirement = P.eq(D.mul(big_b, D.mod(D.mul(y, D.floordiv(whole, y)), D.mul(h, w))), 0)
    assert holds(requirement, facts)
    assert _z3(facts, P.eq(D.mul(big_b, D.mod(D.mul(y, D.floordiv(whole, y)), D.mul(h, 2))), 0)) \
        is not Verdict.HOLDS
    assert not holds(P.eq(D.mul(big_b, D.mod(D.mul(y, D.floordiv(whole, y)), D.mul(h, 2))), 0), facts)
    assert not holds(requirement, facts[:2])                       # no fact: y*(n//y) is not n
    assert not holds(requirement, [facts[0], facts[2]])           # w may be 0: so may the divisor
    assert not holds(P.eq(D.mod(D.mul(y, D.floordiv(whole, y)), D.mul(h, w)), 0), facts)   # B may be 0


def test_a_fact_dividing_by_a_size_that_may_be_0_is_left_out_not_the_proof() -> None:
    # timm's halo attention: a broadcast's facts settle max(a, b) == d, but an x % (d*d*d) among
    # the other facts (d unbounded) sent the question to Z3 (1.7M steps, twice)
    facts = [P.disj([P.eq(m, a), P.eq(m, b)]), P.eq(a, b), P.eq(D.mod(n, k), 0)]
    assert not holds(P.eq(m, a), facts) and holds_by_fewer(P.eq(m, a), facts)
    assert _z3(facts, P.eq(m, a)) is Verdict.HOLDS
    assert Solver().decide([Fact(f) for f in facts], P.eq(m, a)).verdict is Verdict.HOLDS
    assert not holds_by_fewer(P.eq(D.mod(n, k), 1), facts)      # the requirement's own divisor must be >= 1
    assert not holds_by_fewer(P.eq(m, a), facts[:2])            # nothing left out: holds() answered


def test_a_run_whose_z3_budget_is_spent_seeks_no_proof_from_fewer_facts() -> None:
    # the proof stands in for a Z3 question; past the run's Z3 budget every open question is
    # unknown (solver.RLIMIT_BUDGET), and the search is what made a fuzzed program slow there
    facts = [Fact(f) for f in (P.disj([P.eq(m, a), P.eq(m, b)]), P.eq(a, b), P.eq(D.mod(b, D.mul(h, k)), 0))]
    spent = Solver(budget=0)
    decision = spent.decide(facts, P.eq(m, a))
    assert decision.verdict is Verdict.UNKNOWN and decision.timed_out and spent.stages["fewer-facts"] == 0
    fresh = Solver()
    assert fresh.decide(facts, P.eq(m, a)).verdict is Verdict.HOLDS and fresh.stages["fewer-facts"] == 1


def _case_uncached(requirement, atoms):
    """The rewrite loop as ``_case`` ran it before a case's rewrites were kept per facts (stop 33)."""
    from shapecheck.constraints import cases as C
    for _ in range(C.MAX_SUBSTITUTIONS):
        atoms = [C._cancelled(x, atoms) for x in atoms]
        found = C._definition(atoms)
        if found is None:
            break
        name, value, used = found
        try:
            atoms = [C.substitute_pred(x, {name: value}) for i, x in enumerate(atoms) if i != used]
            rewritten = C.substitute_pred(requirement, {name: value})
        except ZeroDivisionError:
            return False, requirement
        requirement = rewritten
    if any(x.kind == "false" for x in atoms) or C._empty_range(atoms):
        return None, requirement
    return C._settled(requirement, [x for x in atoms if x.kind != "true"]), requirement


@settings(max_examples=200, deadline=None)
@given(facts=st.lists(preds(), max_size=4), requirements=st.lists(preds(), min_size=1, max_size=3))
def test_a_case_rewritten_once_for_its_facts_answers_as_rewritten_per_question(facts, requirements) -> None:
    """Each case's facts are cancelled and substituted once (``_rewritten``), however many
    questions ask with them; every question's answer and rewritten requirement are as before."""
    from shapecheck.constraints import cases as C
    atoms = [atom for f in facts for atom in C._alternatives(f)[0]]
    for requirement in requirements:
        assert C._case(requirement, atoms) == _case_uncached(requirement, atoms)


def test_a_definition_that_divides_by_zero_leaves_the_case_unshown_in_facts_or_requirement() -> None:
    from shapecheck.constraints import cases as C
    by_fact = [P.eq(k, 0), P.eq(D.mod(n, k), 0)]
    assert C._case(P.eq(n, n), by_fact) == _case_uncached(P.eq(n, n), by_fact)
    by_requirement = P.eq(D.floordiv(n, k), 1)
    assert C._case(by_requirement, [P.eq(k, 0)]) == _case_uncached(by_requirement, [P.eq(k, 0)])


def test_a_question_over_more_facts_than_the_bound_is_left_to_z3() -> None:
    """Each case rewrites every fact: past MAX_FACTS the proof is not tried (pyscf's 715 questions over
    50-99 facts cost 20 s and were never proved); the same question over few facts is."""
    from shapecheck.constraints.cases import MAX_FACTS

    facts = [P.disj([P.eq(a, b), P.eq(a, 1), P.eq(b, 1)]),
             P.disj([P.conj([P.eq(a, b), P.eq(m, a)]), P.conj([P.eq(a, 1), P.eq(m, b)]),
                     P.conj([P.eq(b, 1), P.eq(m, a)])]),
             P.disj([P.eq(b, 512), P.eq(b, 1)])]
    requirement = P.disj([P.eq(m, a), P.eq(m, 512)])
    others = [P.eq(D.sym(f"x{i}"), D.add(D.sym(f"y{i}"), 1)) for i in range(MAX_FACTS)]
    assert holds(requirement, facts + others[:MAX_FACTS - len(facts)])
    assert not holds(requirement, facts + others)
    assert not holds_by_fewer(requirement, facts + others)


def test_a_size_a_term_divides_by_is_not_tried_at_zero() -> None:
    """``_nonzero`` splits on each size at 0 and >= 1; a size the dim divides by has no value at 0
    (physicsnemo's globe model raised ZeroDivisionError out of the analysis: SC003)."""
    from shapecheck.constraints.cases import _nonzero

    d = D.sub(D.floordiv(6, m), 1)
    assert _nonzero(d, []) in (True, False)
    assert holds(P.eq(D.mod(D.mul(n, D.floordiv(k, m)), D.floordiv(k, m)), 0),
                 [P.le(1, D.floordiv(k, m))]) in (True, False)
