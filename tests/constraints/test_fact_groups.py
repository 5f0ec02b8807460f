"""Groups of facts that repeat another over symbols of their own are kept once per question
(constraints/fact_groups.py): the answers are those of the whole set, and the set a question
carries stays the size of what differs."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import predicates as P
from shapecheck.constraints.fact_groups import GROUPED_FROM, groups_of, repeated
from shapecheck.constraints.solver import Fact, Solver, Verdict, relevant_facts

k = D.sym("k")


def _broadcast_in_place(target, i: int) -> list[Fact]:
    """``s[a:b] += x`` of a fresh size ``d_i`` into ``target``: the facts a broadcast adds."""
    d, m = D.sym(f"d{i}"), D.sym(f"m{i}")
    return [Fact(P.disj([P.eq(target, d), P.eq(target, 1), P.eq(d, 1)])),
            Fact(P.disj([P.conj([P.eq(target, d), P.eq(m, target)]),
                         P.conj([P.eq(target, 1), P.eq(m, d)]),
                         P.conj([P.eq(d, 1), P.eq(m, target)])])),
            Fact(P.eq(target, m))]


def _answer_unfolded(solver: Solver, facts, requirement):
    chosen = tuple(relevant_facts(facts, P.pred_symbols(requirement)))
    return solver._answer(chosen, requirement)


def test_a_statement_run_a_hundred_times_is_one_group_per_question():
    facts = tuple(f for i in range(100) for f in _broadcast_in_place(k, i))
    question = P.pred_symbols(P.eq(k, D.sym("d99")))
    kept = relevant_facts(facts, question, fold_repeats=True)
    # the group the question names (d99's) and one other: the rest repeat that one
    assert len(kept) == 6
    assert len(relevant_facts(facts, question)) == 300


def test_answers_are_the_whole_sets():
    facts = tuple(f for i in range(40) for f in _broadcast_in_place(k, i))
    new = D.sym("d_new")
    for requirement in (P.disj([P.eq(k, new), P.eq(k, 1), P.eq(new, 1)]), P.eq(k, new), P.eq(new, 1),
                        P.le(D.sym("d3"), k), P.eq(D.sym("m7"), k), P.eq(D.sym("d3"), 5)):
        assert Solver().decide(facts, requirement).verdict is _answer_unfolded(Solver(), facts, requirement).verdict


def test_groups_over_different_shared_sizes_are_not_folded():
    n = D.sym("n")
    facts = tuple([f for i in range(15) for f in _broadcast_in_place(k, i)]
                  + [f for i in range(15, 30) for f in _broadcast_in_place(n, i)]
                  + [Fact(P.eq(n, 3))])
    question = frozenset({"k", "n"})
    kept = relevant_facts(facts, question, fold_repeats=True)
    assert len(kept) == 7   # one group over k, one over n, and n == 3
    assert Solver().decide(facts, P.eq(D.sym("m20"), 3)).verdict is Verdict.HOLDS


def test_a_group_whose_private_symbol_the_question_names_is_kept():
    facts = tuple(f for i in range(20) for f in _broadcast_in_place(k, i))
    pending = [(f, P.pred_symbols(f.pred)) for f in facts]
    groups = groups_of(pending)
    assert len(groups) == 20 and all(len(members) == 3 for members, _, _ in groups)
    skipped = repeated(pending, frozenset({"k", "d5"}), groups)
    assert not skipped & {15, 16, 17} and len(skipped) == 3 * 18


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["eq", "le", "one"]), st.integers(0, 3)), min_size=1, max_size=3),
       st.integers(2, 12), st.sampled_from(["eq", "le", "one"]), st.integers(0, 4))
def test_folding_never_changes_an_answer(shape, copies, asked, bound):
    """A random small group over shared k (and a size n fixed by a fact), copied with fresh private
    symbols: every question about k, n or one copy's symbols gets the same verdict."""
    n = D.sym("n")

    def group(i: int) -> list[Fact]:
        p = D.sym(f"p{i}")
        out = []
        for kind, c in shape:
            if kind == "eq":
                out.append(Fact(P.disj([P.eq(p, k), P.eq(p, c)])))
            elif kind == "le":
                out.append(Fact(P.le(D.add(p, c), D.mul(k, n))))
            else:
                out.append(Fact(P.disj([P.eq(k, p), P.eq(k, 1), P.eq(p, 1)])))
        return out

    facts = tuple([f for i in range(copies * 3) for f in group(i)] + [Fact(P.ge(n, 1))])
    if len(facts) < GROUPED_FROM:
        facts = facts + tuple(Fact(P.ge(D.sym(f"z{i}"), 0)) for i in range(GROUPED_FROM))
    target = {"eq": lambda x: P.eq(x, bound), "le": lambda x: P.le(x, bound), "one": lambda x: P.eq(x, 1)}[asked]
    for requirement in (target(k), target(D.sym("p1")), P.eq(k, D.sym("p2")), target(D.mul(k, n))):
        folded = Solver().decide(facts, requirement).verdict
        whole = _answer_unfolded(Solver(), facts, requirement)
        assert whole is not None and folded is whole.verdict, requirement
