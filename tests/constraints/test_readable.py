"""Preconditions as a person would state them (``constraints/readable.py``): the rewrite is exact."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints.predicates import evaluate_pred, eq, le, lt, ne
from shapecheck.constraints.readable import readable

B, T, C, h, n = (D.sym(x) for x in ("B", "T", "C", "config.n_head", "n"))


def test_a_view_into_heads_reads_as_a_divisibility() -> None:
    # minGPT's ``k.view(B, T, n_head, C // n_head)`` on a (B, T, C) tensor (issue 14)
    view = eq(D.product([B, T, C]), D.product([B, T, h, D.floordiv(C, h)]))
    assert readable(view).show() == "C%config.n_head == 0"
    assert readable(ne(D.mul(C, 6), D.mul(D.mul(h, 2), D.floordiv(D.mul(C, 3), h)))).show() == "(C*3)%config.n_head != 0"


def test_common_factors_cancel() -> None:
    assert readable(eq(D.product([B, C, n, n, n, n]), D.product([B, C, n, n]))).show() == "n*n == 1"
    assert readable(eq(D.mul(B, 4), D.add(D.mul(T, 2), 2))).show() == "B*2 == T+1"
    assert readable(le(D.mul(B, C), D.mul(B, T))).show() == "C <= T"


def test_what_does_not_match_is_unchanged() -> None:
    signed = D.sym("w~")   # may be negative: cancelling it could flip a <
    for p in (lt(D.mul(signed, C), D.mul(signed, T)), eq(C, D.add(T, 1)),
              eq(D.mul(D.floordiv(C, h), D.floordiv(C, h)), C)):
        assert readable(p) == p


_SYMBOLS = (B, T, C, h)
_atoms = st.sampled_from(_SYMBOLS) | st.integers(1, 4)


@st.composite
def _dims(draw, depth=2):
    if depth == 0:
        return draw(_atoms)
    a, b = draw(_dims(depth=depth - 1)), draw(_dims(depth=depth - 1))
    op = draw(st.sampled_from((D.add, D.mul, D.mul, D.floordiv)))
    return op(a, b)


@settings(max_examples=300, deadline=None)
@given(_dims(), _dims(), _dims(), st.sampled_from((eq, ne, le, lt)),
       st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_the_rewrite_means_the_same_for_every_non_empty_size(a, b, factor, compare, values) -> None:
    """Oracle: evaluation. With every size >= 1, the readable form and the original agree."""
    p = compare(D.mul(factor, a), D.mul(factor, b))
    env = dict(zip(("B", "T", "C", "config.n_head"), values))
    try:
        expected = evaluate_pred(p, env)
    except ZeroDivisionError:
        return
    assert evaluate_pred(readable(p), env) == expected


@settings(max_examples=200, deadline=None)
@given(_dims(depth=1), _dims(depth=1), _dims(depth=1), st.sampled_from((eq, ne)),
       st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_a_divisibility_means_the_same(x, k, factor, compare, values) -> None:
    p = compare(D.mul(factor, x), D.mul(D.mul(factor, k), D.floordiv(x, k)))
    env = dict(zip(("B", "T", "C", "config.n_head"), values))
    try:
        expected = evaluate_pred(p, env)
    except ZeroDivisionError:   # k is 0 here (``B//T`` with T > B): no size to compare
        return
    assert evaluate_pred(readable(p), env) == expected
