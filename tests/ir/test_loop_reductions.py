"""Reductions in loop code that give an index (``np.argmin``/``argmax``, ``a.argmin()``), as
Numba users write them (k-means assignment: the nearest centre of each point), against Python
with NumPy: dtypes, ties (the first wins), NaNs (the first NaN wins), matrices (a flat index) and
no elements (NumPy's ValueError, raised where the reduction runs)."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck


def nearest(x, c):
    lab = np.empty(x.shape[0], dtype=np.int64)
    for i in range(x.shape[0]):
        d = np.empty(c.shape[0])
        for k in range(c.shape[0]):
            d[k] = ((c[k] - x[i]) ** 2).sum()
        lab[i] = np.argmin(d)
    return lab


def row_peaks(x):
    out = np.empty(x.shape[0], dtype=np.int64)
    for i in range(x.shape[0]):
        out[i] = x[i].argmax()
    return out


def flat_extremes(x):
    lo, hi = 0, 0
    for _ in range(2):
        lo, hi = np.argmin(x), x.argmax()
    return lo, hi


def argmin_from(x, k):
    t = 0
    for i in range(1):
        t = np.argmin(x[k:])
    return t


RNG = np.random.default_rng(3)
POINTS, CENTRES = RNG.standard_normal((9, 3)), RNG.standard_normal((4, 3))
WITH_NAN = np.array([[3.0, np.nan, 1.0], [np.nan, -5.0, 2.0]])


@pytest.mark.parametrize("fn, args", [
    (nearest, (POINTS, CENTRES)),
    (row_peaks, (RNG.standard_normal((5, 7)).astype(np.float32),)),
    (row_peaks, (RNG.integers(-3, 3, (6, 5)).astype(np.int8),)),   # ties: the first
    (row_peaks, (RNG.integers(0, 2, (6, 5)).astype(bool),)),
    (row_peaks, (RNG.integers(0, 9, (6, 5)).astype(np.uint16),)),
    (row_peaks, (WITH_NAN,)),
    (flat_extremes, (RNG.standard_normal((4, 5)),)),
    (flat_extremes, (WITH_NAN,)),
    (flat_extremes, (np.array([[2, 7, 7], [-1, 7, -1]], dtype=np.int32),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_index_reductions_match_python(fn, args):
    want = fn(*args)
    got = shapecheck.jit(fn)(*args)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_array_equal(g, w)
        assert np.asarray(g).dtype == np.asarray(w).dtype


def test_an_index_reduction_over_no_elements_raises_numpys_error():
    x = np.arange(4.0)
    compiled = shapecheck.jit(argmin_from)
    assert [compiled(x, k) for k in range(4)] == [argmin_from(x, k) for k in range(4)]
    with pytest.raises(ValueError, match="attempt to get argmin of an empty sequence"):
        argmin_from(x, 4)
    with pytest.raises(ValueError, match="attempt to get argmin of an empty sequence"):
        compiled(x, 4)


def test_one_kernel_serves_every_size():
    compiled = shapecheck.jit(nearest, shapes={"x": ("n", 3), "c": ("k", 3)})
    for n, k in ((1, 1), (5, 2), (17, 6)):
        x, c = RNG.standard_normal((n, 3)), RNG.standard_normal((k, 3))
        np.testing.assert_array_equal(compiled(x, c), nearest(x, c))


def along_axes(x):
    s = 0.0
    out = np.zeros(x.shape[1])
    for _ in range(2):
        mu = x.mean(axis=1, keepdims=True)
        out += x.max(axis=0) + x.min(0) - np.mean(x - mu, axis=0)
        s += np.argmax(x, axis=1).sum() + np.sum(x, axis=(0, 1)) + mu.sum()
    return out, s


def assign_by_axis(x, c):
    lab = np.empty(x.shape[0], dtype=np.int64)
    for i in range(x.shape[0]):
        lab[i] = np.argmin(((c - x[i]) ** 2).sum(axis=1))
    return lab


def running(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = np.cumsum(x[i])[-1] + x[i].cumprod()[1]
    return out, np.cumsum(x), np.cumsum(x, axis=0), x.cumsum(1), np.cumprod(x, axis=-1)


def whole_argmax(x):
    return np.argmax(x, axis=1), np.cumsum(x, axis=0)   # no loop: loop code says what the graph IR cannot


@pytest.mark.parametrize("fn, args", [
    (along_axes, (RNG.standard_normal((5, 4)),)),
    (along_axes, (RNG.integers(-9, 9, (5, 4)).astype(np.int32),)),
    (assign_by_axis, (POINTS, CENTRES)),
    (running, (RNG.standard_normal((4, 3)),)),
    (running, (RNG.integers(-3, 3, (4, 3)).astype(np.int16),)),    # NumPy sums int16 in int64
    (running, (RNG.standard_normal((4, 3)).astype(np.float32),)),
    (whole_argmax, (RNG.standard_normal((4, 6)),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_reductions_along_axes_and_running_sums_match_python(fn, args):
    test_index_reductions_match_python(fn, args)


def test_a_max_along_an_empty_axis_raises_where_it_runs():
    def column_max(x, k):
        t = 0.0
        for _ in range(1):
            t = x[:, k:].max(axis=1).sum()
        return t
    x = np.arange(6.0).reshape(2, 3)
    compiled = shapecheck.jit(column_max)
    assert compiled(x, 1) == column_max(x, 1)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        compiled(x, 3)
