"""``np.sort``, ``ndarray.sort`` and ``np.searchsorted`` in loop code, against NumPy (values and
dtypes, NaN last, duplicates, every dtype loop code compiles), and the sort's heapsort fallback
run on its own through the loop-IR interpreter."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir import loopsort
from shapecheck.ir.interp import run_loop_module
from shapecheck.ir.loopfront import trace_loops

RNG = np.random.default_rng(8)
DTYPES = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
          np.float32, np.float64)


def sorted_and_found(x, v):
    y = np.sort(x)
    return y, np.searchsorted(y, v), np.searchsorted(y, v, side="right"), np.searchsorted(y, v[0])


def along_axes(a):
    return np.sort(a), np.sort(a, axis=0), np.sort(a, axis=None), np.sort(a, -2)


def rows_in_place(x):
    for i in range(x.shape[0]):
        x[i].sort()
    return x.sum()


def median(x):
    y = x.copy()
    y.sort()
    n = y.shape[0]
    return y[n // 2] if n % 2 == 1 else 0.5 * (y[n // 2 - 1] + y[n // 2])


def patterns(n: int, dtype) -> list:
    """Inputs that stress a quicksort: random, sorted, reversed, all equal, few values, organ pipe."""
    if dtype == np.bool_:
        base = RNG.integers(0, 2, n).astype(bool)
    elif np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        base = RNG.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    else:
        base = (RNG.standard_normal(n) * 100).astype(dtype)
    few = (np.arange(n) % 3).astype(dtype)
    pipe = np.concatenate([np.arange(n // 2), np.arange(n - n // 2)[::-1]]).astype(dtype)
    return [base, np.sort(base), np.sort(base)[::-1].copy(), np.zeros(n, dtype), few, pipe]


def same(got, want):
    got, want = (got if isinstance(got, tuple) else (got,)), (want if isinstance(want, tuple) else (want,))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape, (g.dtype, w.dtype, g.shape, w.shape)
        np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_sort_and_search_match_numpy_for_every_dtype(dtype):
    f = shapecheck.jit(sorted_and_found)
    for n in (0, 1, 2, 3, 16, 17, 40, 1000):
        for x in patterns(n, dtype):
            v = patterns(5, dtype)[0]
            same(f(x, v), sorted_and_found(x, v))


def test_nan_and_infinities_sort_last_and_are_found_where_numpy_finds_them():
    x = np.array([3.0, np.nan, -np.inf, 0.0, np.nan, 2.0, np.inf, -1.0, 2.0] * 7)
    v = np.array([np.nan, np.inf, 2.0, -np.inf, 0.5])
    same(shapecheck.jit(sorted_and_found)(x, v), sorted_and_found(x, v))


def test_sorting_along_each_axis_and_flattened():
    for a in (RNG.standard_normal((7, 5)), RNG.integers(0, 4, (3, 40)), RNG.standard_normal((20, 1))):
        same(shapecheck.jit(along_axes)(a), along_axes(a))


def test_in_place_sort_of_a_row_changes_the_callers_array():
    x = RNG.standard_normal((4, 33))
    want = x.copy()
    rows_in_place(want)
    total = shapecheck.jit(rows_in_place)(x)
    np.testing.assert_array_equal(x, want)
    assert np.isclose(total, want.sum())


@pytest.mark.parametrize("n", [1, 10, 11, 200])
def test_median_by_sorting_a_copy(n):
    x = RNG.standard_normal(n)
    assert shapecheck.jit(median)(x) == median(x)


def test_an_axis_out_of_range_is_numpys_axis_error_at_its_line():
    def bad(a):
        return np.sort(a, axis=2)
    with pytest.raises(np.exceptions.AxisError, match="test_loop_sort.py, line [0-9]+: sort: axis 2 is out of bounds "
                                                      "for array of dimension 2"):
        shapecheck.jit(bad)(np.ones((2, 3)))


def test_the_heapsort_fallback_sorts_every_part(monkeypatch):
    """No partition allowed: every part of more than ``SMALL`` elements is heapsorted (the
    guard against quicksort's worst case), run by the loop-IR interpreter."""
    monkeypatch.setattr(loopsort, "DEPTH_PER_LEVEL", 0)
    source = "def f(x):\n    return np.sort(x)\n"
    module = trace_loops(source, "f", shapes={"x": (300,)}, dtypes={"x": "f64"})
    for x in patterns(300, np.float64) + [np.where(RNG.random(300) < 0.2, np.nan, RNG.standard_normal(300))]:
        (got,) = run_loop_module(module, [x])
        np.testing.assert_array_equal(got, np.sort(x))


def ordered(x, m):
    return np.argsort(x), x.argsort(), np.argsort(m, axis=0), np.argsort(m), np.argsort(m, axis=None, kind="stable")


@pytest.mark.parametrize("n", [1, 2, 16, 17, 40, 333])
def test_argsort_is_the_stable_order(n):
    """Stable: NumPy's ``kind="stable"`` order always (ties among equal values and among NaNs
    keep their places), the default kind's wherever no two values are equal."""
    x = RNG.standard_normal(n)
    x[RNG.random(n) < 0.1] = np.nan
    m = RNG.integers(0, 4, (n, 3))
    got = shapecheck.jit(ordered)(x, m)
    want = (np.argsort(x, kind="stable"), np.argsort(x, kind="stable"), np.argsort(m, axis=0, kind="stable"),
            np.argsort(m, kind="stable"), np.argsort(m, axis=None, kind="stable"))
    same(got, want)
    distinct = RNG.permutation(n).astype(np.float64)
    same(shapecheck.jit(ordered)(distinct, m)[0], np.argsort(distinct))
