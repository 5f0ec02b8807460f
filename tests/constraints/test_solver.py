"""The solver's verdicts, unsat cores, witnesses and time-outs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import shapecheck
from shapecheck.constraints import dims as D
from shapecheck.constraints.broadcast import broadcast_dim, compatible, result_definition
from shapecheck.constraints.predicates import FALSE, TRUE, conj, disj, eq, evaluate_pred, ge, le, lt, ne, negate
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


def test_a_question_of_many_symbols_is_settled_by_witnesses_without_z3() -> None:
    """A reshape's facts over 30 symbols (timm's halo attention: windows of ``x.unfold``, heads,
    batch): sampling and repairs find both witnesses, where the question went to Z3 (~0.3 s each)
    past 24 symbols."""
    s = Solver()
    dims = [D.sym(f"d{i}") for i in range(30)]
    size = 0
    for group in (dims[0:8], dims[8:16], dims[16:24], dims[24:29]):   # degree 8 at most (dims.MAX_DEGREE)
        size = D.add(size, D.product(group))
    facts = (Fact(eq(D.mod(size, dims[29]), 0), "reshape"),)
    decision = s.decide(facts, le(2, D.floordiv(dims[0], dims[1])))
    assert decision.verdict is Verdict.SOMETIMES and s.queries == 0


def test_contradictory_facts_make_no_error() -> None:
    s = Solver()
    facts = (Fact(eq(n, 3), "x"), Fact(eq(n, 4), "y"))
    assert s.decide(facts, eq(m, n)).verdict is not Verdict.FAILS


def test_time_out_is_unknown_never_a_crash() -> None:
    s = Solver(budget=0)   # no budget left: every open question is unknown
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
    assert broadcast_dim(3, 1, lambda p: decide((), p)) == 3
    assert broadcast_dim(1, n, lambda p: decide((), p)) == n
    assert compatible(3, 4) is FALSE
    assert broadcast_dim(n, m, lambda p: decide((), p)) is None   # undecided: a defined fresh dim
    r = D.sym("r")
    assert Solver().decide((Fact(result_definition(n, 1, r)),), eq(r, n)).verdict is Verdict.HOLDS


def test_gufunc_signatures() -> None:
    sig = parse_signature("(n?,k),(k,m?)->(n?,m?)")
    assert [c.name for c in sig.inputs[0]] == ["n", "k"] and sig.inputs[0][0].optional
    assert parse_signature("(3),(3)->(3)").inputs[0][0].fixed == 3
    assert parse_signature("(m,m)->()").outputs == ((),)


def test_out_of_steps_is_unknown_and_the_same_whatever_came_before() -> None:
    """Z3 is bounded by steps, not seconds (issue 11: -j 1 and -j 2 disagreed on five time-outs):
    a question too hard for its step limit is UNKNOWN every time, in a fresh solver or after other
    questions, under other names, and however busy the machine is."""
    hard = eq(D.add(D.mul(D.mul(n, n), n), D.mul(D.mul(m, m), m)), D.mul(D.mul(k, k), k))   # n³+m³ = k³
    facts = (Fact(ge(n, 1)), Fact(ge(m, 1)))
    first = Solver(rlimit=200_000).decide(facts, hard)
    busy = Solver(rlimit=200_000)
    for i in range(30):   # other questions first: other terms in Z3's memory
        busy.decide((), eq(D.mul(n, D.add(m, i)), D.add(D.mul(k, k), 3)))
    a, b, c = D.sym("a"), D.sym("b"), D.sym("c")
    renamed = eq(D.add(D.mul(D.mul(a, a), a), D.mul(D.mul(b, b), b)), D.mul(D.mul(c, c), c))
    later = busy.decide((Fact(ge(b, 1)), Fact(ge(a, 1))), renamed)   # n is b, m is a
    assert first.verdict is later.verdict is Verdict.UNKNOWN and first.timed_out and later.timed_out
    assert first.cost == later.cost > 0


def test_the_cost_of_an_answer_is_the_same_in_every_context() -> None:
    """Each question is asked in its own Z3 context: the steps it takes do not depend on history."""
    question = ((Fact(ge(n, 1)), Fact(ge(m, 1))), eq(D.mul(D.mul(n, m), D.add(m, 2)), D.add(D.mul(k, k), 7)))
    costs = set()
    for warmup in (0, 5, 20):
        s = Solver()
        for i in range(warmup):
            s.is_satisfiable((Fact(eq(D.mul(n, D.add(k, i)), D.add(D.mul(m, m), 1))),))
        enc = s.encoding()
        s._decide_z3(enc, *question)
        costs.add(enc.spent())
    assert len(costs) == 1


def test_a_spent_budget_is_reached_at_the_same_question_with_or_without_the_memo() -> None:
    """A remembered answer costs the run what it cost to find, so the budget runs out at the same
    question whether this process answered it before (another file, -j 1) or not (-j N)."""
    positive = (Fact(ge(n, 1)), Fact(ge(m, 1)))
    questions = [eq(D.add(D.add(D.mul(D.mul(n, n), n), D.mul(D.mul(m, m), m)), i), D.mul(D.mul(k, k), k))
                 for i in (0, 3, 5)]                       # n³ + m³ + i = k³: beyond 100k steps
    runs = []
    for _ in range(2):                                     # the second run finds them all remembered
        s = Solver(rlimit=100_000, budget=150_000)
        runs.append(([s.decide(positive, q).timed_out for q in questions], s.spent, s.queries))
    (cold, cold_spent, cold_queries), (warm, warm_spent, warm_queries) = runs
    assert cold == warm == [True, True, True] and cold_spent == warm_spent > 150_000
    assert cold_queries == 2 and warm_queries == 0         # the third was never asked: budget spent


def test_a_question_numbered_from_another_start_gets_the_same_answer() -> None:
    """-j 1 numbers symbols with one counter over every file, each -j N worker with its own: the
    same question then comes as ``d#5 .. d#8`` or as ``d#8 .. d#11`` (which sort as text as
    d#11, d#8). Its normal form, its witnesses and its answer must not depend on that (issue 11:
    vit-pytorch's -j 1 and -j 2 disagreed on one SC005 note)."""
    answers = []
    for start in (5, 8, 98):
        a, b, c = D.sym(f"d#{start}"), D.sym(f"d#{start + 1}"), D.sym(f"d#{start + 3}")
        decision = Solver().decide((Fact(ge(b, 1)),), eq(D.add(a, b), D.add(c, b)))
        answers.append((decision.verdict, sorted((int(k.split("#")[1]) - start, v)
                                                 for k, v in (decision.counterexample or {}).items())))
    assert answers[0] == answers[1] == answers[2]
    lo, hi = D.add(D.sym("d#9"), D.mul(D.sym("d#10"), 2)), D.add(D.sym("d#99"), D.mul(D.sym("d#100"), 2))
    assert [c for _, c in lo.terms] == [c for _, c in hi.terms]   # d#9 sorts before d#10, as d#99 before d#100


def test_a_limited_stretch_leaves_its_open_questions_open_to_the_rest() -> None:
    """A coverage-only re-run asks with a lower step limit (``Solver.limited``): what it leaves
    unknown is asked again at the full limit afterwards, not answered from its memo."""
    facts = (Fact(eq(D.mul(n, n), D.mul(m, k))), Fact(ge(k, 1)))
    divides = eq(D.mod(D.mul(n, D.mul(n, n)), k), 0)   # n*(m*k): Z3's, no proof in Python finds it
    s = Solver()
    with s.limited(1000):
        assert s.decide(facts, divides).verdict is Verdict.UNKNOWN
    assert s.rlimit > 1000 and s.decide(facts, divides).verdict is Verdict.HOLDS


def test_a_for_all_question_under_other_names_is_asked_once() -> None:
    """Each loop's analysis makes its index and sizes afresh: a question about every iteration comes
    back under new names (sklearn's graph lasso asked Z3 ~30 questions 1,034 times). A copy is
    answered from the memo, with the answer asking it afresh gives, its values renamed."""
    def question(i_name, size_name, other_name):
        i, size, other = D.sym(i_name), D.sym(size_name), D.sym(other_name)
        facts = (Fact(le(0, i)), Fact(lt(i, size)))
        return facts, frozenset({i_name}), lt(D.add(i, other), size)   # x[i + other] for i in range(size)

    first = Solver()
    original = first.decide_for_all(*question("i#1", "n#2", "k#3"))
    copy = Solver()
    again = copy.decide_for_all(*question("j#7", "m#8", "p#9"))
    assert first.queries == 1 and copy.queries == 0
    assert original.verdict is again.verdict is Verdict.SOMETIMES
    assert set(again.counterexample) <= {"j#7", "m#8", "p#9"} and again.counterexample
    assert [again.counterexample[k] for k in ("m#8", "p#9")] == [original.counterexample[k] for k in ("n#2", "k#3")]
    # which symbols are bound is part of the question: the same text with the size bound is another one
    i, size, other = D.sym("i#1"), D.sym("n#2"), D.sym("k#3")
    other_bound = Solver()
    other_bound.decide_for_all((Fact(le(0, i)), Fact(lt(i, size))), frozenset({"n#2"}), lt(D.add(i, other), size))
    assert other_bound.queries == 1


def test_a_broadcast_asks_no_question_its_earlier_answers_settle() -> None:
    """``n == m`` SOMETIMES comes with values under which it fails and holds, both consistent with
    the facts: a later question false at one of them cannot hold and is not asked (vit-pytorch:
    8,216 questions for 1,765 pairs). The result is what asking every question would give."""
    s = Solver()
    asked = []

    def decide(p):
        asked.append(p)
        return s.decide((), p)

    assert broadcast_dim(n, m, decide) is None
    # n == m fails at n = 2, m = 1: neither n == 1 nor (n == m or n == 1) is asked
    assert asked == [eq(n, m), eq(m, 1), disj((eq(n, m), eq(m, 1)))]
    bigger = (Fact(le(2, n), "n"), Fact(le(2, m), "m"))
    asked.clear()
    # n, m >= 2 and broadcast together: n == m, which the first question settles
    assert broadcast_dim(n, m, lambda p: asked.append(p) or s.decide(bigger + (Fact(compatible(n, m)),), p)) == n
    assert asked == [eq(n, m)]


def test_a_question_nesting_divisions_by_unknowns_gets_fewer_steps() -> None:
    """timm 1.0.20's swin_transformer_v2.py (window attention, ``x.view(-1, num_heads, window_area,
    ...)`` after reshapes of reshapes): whether ``heads*((j*mj*mj2*(q//(area*area*heads*j))) % (area*area))``
    is 0. Python's stages find no answer and Z3 none within 5M steps or 50M (1-3 s of timm's ~13 s
    CPU): a requirement nesting divisions by unknowns 3 deep gets limits.RLIMIT_NESTED steps, and its
    verdict stays UNKNOWN (no finding), now at a tenth of the cost."""
    from shapecheck.constraints.limits import RLIMIT, RLIMIT_NESTED

    d = D.parse_dim

    def broadcast(a: str, b: str, out: str) -> list[Fact]:   # what broadcast_dim leaves as facts
        x, y, r = d(a), d(b), d(out)
        return [Fact(disj([eq(x, y), eq(x, 1), eq(y, 1)])),
                Fact(disj([conj([eq(x, y), eq(r, x)]), conj([eq(x, 1), eq(r, y)]), conj([eq(y, 1), eq(r, x)])]))]

    windows = "(d5*d6*((B*d*d2*d3*d4)//(d5*d6)))//area"
    numerator = f"m6*m7*m8*({windows})"
    facts = [Fact(eq(d(f"area*({windows})*(dim%heads)*3"), 0)), *broadcast("heads", "d9", "m6"),
             *broadcast("area", "d7", "m7"), *broadcast("area", "d8", "m8"),
             Fact(eq(d(f"({numerator})%(area*area*heads*j)"), 0)), *broadcast("area", "j2", "mj"),
             broadcast("area", "j2", "mj2")[1]]
    requirement = eq(d(f"heads*((j*mj*mj2*(({numerator})//(area*area*heads*j)))%(area*area))"), 0)
    decision = Solver().decide(facts, requirement)
    assert decision.verdict is Verdict.UNKNOWN and decision.timed_out
    assert RLIMIT_NESTED <= decision.cost < RLIMIT   # 5.02M steps before


# A question of the fuzz program seed=3284071287 (benchmarks/fuzz.py: a ``while`` unrolled 16 passes,
# each broadcasting and reshaping), as Encoding.solver() got it for "facts and not requirement":
# 96 non-linear integer assertions with divisions, no tracked facts.
_FUZZ_QUESTION = Path(__file__).parent / "questions" / "fuzz_broadcast_chain.smt2"

_ASK = """
import sys, z3
from shapecheck.constraints.solver import Encoding
z3.set_param("verbose", 2)   # Z3 writes "(smt.searching)" to stderr as its search starts
enc = Encoding()
s = enc.solver()
s.from_string(open(sys.argv[1]).read())
print(s.check(), enc.spent(), flush=True)
"""


def _ask_in_a_process(paused_s: float) -> str:
    """The fuzz question's answer and steps, asked in a fresh process; stopped (SIGSTOP) for
    ``paused_s`` seconds as soon as Z3's search starts: what a loaded machine does to it."""
    root = Path(shapecheck.__file__).parents[1]
    child = subprocess.Popen([sys.executable, "-c", _ASK, str(_FUZZ_QUESTION)], cwd=root, text=True,
                             env={**os.environ, "PYTHONPATH": str(root)},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if paused_s:
        for line in child.stderr:
            if "(smt.searching)" in line:
                child.send_signal(signal.SIGSTOP)
                time.sleep(paused_s)
                child.send_signal(signal.SIGCONT)
                break
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err[-2000:]
    return out.strip()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")
def test_a_question_takes_the_same_steps_however_long_its_process_waits() -> None:
    """Z3's default solver hands a check without tracked facts to its tactic for the logic, and for
    non-linear integers (``qfnia``) that runs Z3's SMT core under a 2-second wall-clock ``try_for``,
    then nlsat under a 3-second one: on a loaded machine the same question took 2.3M-2.8M steps, on
    an idle one ran to its 5M limit (unknown). The encoding's solvers have no wall-clock limit
    inside (Encoding.solver): a process stopped for 2.5 s mid-search (as a busy machine stops it)
    gives the answer and step count of one that never waits (``sat 1127870``). Before: ``sat
    861347``, and ``sat 116544`` when stopped, the wall clock having moved the question from the SMT
    core to nlsat."""
    assert _ask_in_a_process(0) == _ask_in_a_process(2.5)


def test_no_check_goes_through_a_tactic_with_wall_clock_limits(capfd) -> None:
    """No solver of an encoding runs the strategy Z3 picks per logic (see the test above): Z3
    reports no ``qfnia`` tactic (``or_else(sat, try_for(smt, 2000), try_for(nlsat, 3000), smt)``)
    for a non-linear check without tracked facts, whichever question asks it."""
    import z3

    z3.set_param("verbose", 2)
    try:
        Solver().is_satisfiable((Fact(eq(D.mul(n, m), D.add(D.mul(k, k), 7))), Fact(ge(n, 2))))
        enc = Solver().encoding()
        s = enc.solver()
        s.add(enc.pred(eq(D.mod(D.mul(n, m), k), 1)))
        assert s.check() == z3.sat
    finally:
        z3.set_param("verbose", 0)
    assert "qfnia" not in capfd.readouterr().err


def test_the_facts_selected_from_last_are_read_again_only_when_they_are_the_same_tuple() -> None:
    """The symbols of the last facts are kept by identity: equal facts in a list that changed
    under the same identity, or another tuple, are read afresh (a stale hit would keep n's fact)."""
    n, k, q = D.sym("n"), D.sym("k"), D.sym("q")
    about_n, about_k = Fact(le(n, 4)), Fact(le(k, 4))
    facts = [about_n]
    assert relevant_facts(facts, frozenset({"n"})) == [about_n]
    facts[0] = about_k          # the same list, changed
    assert relevant_facts(facts, frozenset({"n"})) == []
    kept = (about_n, Fact(eq(k, D.add(n, q))))
    assert relevant_facts(kept, frozenset({"q"})) == [kept[1], about_n]   # picked as met, then by k's fact
    assert relevant_facts(kept, frozenset({"q"})) == [kept[1], about_n]   # the same tuple: the same answer
    assert relevant_facts((about_k,), frozenset({"n"})) == []
