"""The solver's verdicts, unsat cores, witnesses and time-outs."""

from __future__ import annotations

from shapecheck.constraints import dims as D
from shapecheck.constraints.broadcast import broadcast_dim, compatible, result_definition
from shapecheck.constraints.predicates import FALSE, TRUE, conj, disj, eq, evaluate_pred, le, lt, ne, negate
from shapecheck.constraints.signature import parse_signature
from shapecheck.constraints.solver import Fact, Solver, Verdict, relevant_facts

n, m, k = D.sym("n"), D.sym("m"), D.sym("k")


def test_constructors_fold_concrete_questions() -> None:
    assert eq(3, 4) is FALSE and eq(D.add(n, 1), D.add(1, n)) is TRUE
    assert le(n, D.add(n, 2)) is TRUE and lt(D.add(n, 1), n) is FALSE
    assert negate(negate(eq(n, m))) == eq(n, m)
    assert conj([TRUE, eq(n, m)]) == eq(n, m) and disj([FALSE, FALSE]) is FALSE


def test_verdicts() -> None:
    s = Solver()
    facts = (Fact(eq(n, 3), "a"), Fact(eq(m, D.add(n, 1)), "b"))
    assert s.decide(facts, eq(m, 4)).verdict is Verdict.HOLDS
    failing = s.decide(facts, eq(m, 5))
    assert failing.verdict is Verdict.FAILS
    assert {f.origin for f in failing.core} == {"a", "b"}          # the unsat core names both facts
    assert s.decide((), eq(n, m)).verdict is Verdict.SOMETIMES
    assert s.decide((), ne(D.mul(n, m), -1)).verdict is Verdict.HOLDS  # dims are non-negative


def test_sometimes_is_settled_by_witnesses_without_z3() -> None:
    s = Solver()
    decision = s.decide((), eq(D.mul(D.mul(n, m), k), D.mul(D.mul(D.mul(n, m), m), k)))
    assert decision.verdict is Verdict.SOMETIMES
    assert s.queries == 0
    assert not evaluate_pred(eq(D.mul(D.mul(n, m), k), D.mul(D.mul(D.mul(n, m), m), k)),
                             decision.counterexample)


def test_contradictory_facts_make_no_error() -> None:
    s = Solver()
    facts = (Fact(eq(n, 3), "x"), Fact(eq(n, 4), "y"))
    assert s.decide(facts, eq(m, n)).verdict is not Verdict.FAILS


def test_time_out_is_unknown_never_a_crash() -> None:
    s = Solver(timeout_ms=1, budget_s=0.0)   # no budget left: every open question is unknown
    decision = s.decide((), eq(D.mul(n, n), D.add(D.mul(m, m), 2)))
    assert decision.verdict in (Verdict.UNKNOWN, Verdict.SOMETIMES)
    if decision.verdict is Verdict.UNKNOWN:
        assert decision.timed_out


def test_only_connected_facts_are_sent() -> None:
    facts = [Fact(eq(n, 3)), Fact(eq(m, D.add(k, 1))), Fact(eq(k, 2))]
    assert relevant_facts(facts, frozenset({"m"})) == facts[1:]
    assert relevant_facts(facts, frozenset({"n"})) == facts[:1]


def test_broadcasting_dims() -> None:
    decide = Solver().decide
    assert broadcast_dim(3, 1, lambda p: decide((), p).verdict) == 3
    assert broadcast_dim(1, n, lambda p: decide((), p).verdict) == n
    assert compatible(3, 4) is FALSE
    assert broadcast_dim(n, m, lambda p: decide((), p).verdict) is None   # undecided: a defined fresh dim
    r = D.sym("r")
    assert Solver().decide((Fact(result_definition(n, 1, r)),), eq(r, n)).verdict is Verdict.HOLDS


def test_gufunc_signatures() -> None:
    sig = parse_signature("(n?,k),(k,m?)->(n?,m?)")
    assert [c.name for c in sig.inputs[0]] == ["n", "k"] and sig.inputs[0][0].optional
    assert parse_signature("(3),(3)->(3)").inputs[0][0].fixed == 3
    assert parse_signature("(m,m)->()").outputs == ((),)
