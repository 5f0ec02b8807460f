"""NumPy functions and Python forms in the code Numba users write, compiled by ``shapecheck.jit``
against Python with NumPy (values and dtypes): ``np.clip``, ``np.tril``/``np.triu``,
``np.linspace``, conditional expressions of arrays, loops over tuples of numbers (``enumerate`` of
them too) and ranges whose step is known at run time."""

from __future__ import annotations

import math

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

RNG = np.random.default_rng(5)


def clipped(x, lo, hi):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = min(max(x[i], lo), hi)
    return out, np.clip(x, lo, hi), np.clip(x[::-1], hi, lo)


def triangles(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(i + 1):
            s += a[i, j]
    return s, np.tril(a).sum(), np.triu(a, 1), np.tril(a, -1)


def spaced(x):
    xs = np.linspace(0.0, 1.0, x.shape[0])
    ys = np.linspace(-2.5, 7.0, 7)
    return xs, (xs * x).sum(), ys


def normalized(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        row = x[i]
        norm = np.sqrt((row ** 2).sum())
        out[i] = row / norm if norm > 0 else row
    return out


def blur(img):
    h, w = img.shape
    out = np.empty_like(img)
    for i in range(h):
        for j in range(w):
            s = 0.0
            count = 0
            for di in (-1, 0, 1):
                for dj in [-1, 0, 1]:
                    ii, jj = i + di, j + dj
                    if 0 <= ii < h and 0 <= jj < w:
                        s += img[ii, jj]
                        count += 1
            out[i, j] = s / count
    return out


def weighted(x):
    s = 0.0
    k = 0
    for w in [x[0] * 0.25, x[0] * 0.5, x[1]]:   # read once, before the loop (x[0] changes in it)
        k += 1
        x[0] += 1.0
        if k == 2:
            continue
        s += w * x[k]
    return s, x


def stencil_weights(x):
    out = np.zeros(x.shape[0] - 2)
    for i in range(out.shape[0]):
        for k, w in enumerate((0.25, 0.5, 0.25)):
            if k == 1 and x[i] > 2.0:
                continue
            out[i] += w * x[i + k]
    last = 0
    for j, c in enumerate([3, 1, 2], 10):
        last = j * c
    return out, last


def sieve(flags):
    n = flags.shape[0]
    prime = np.ones(n, dtype=np.bool_)
    prime[0] = False
    prime[1] = False
    for i in range(2, int(math.sqrt(n)) + 1):
        if prime[i]:
            for j in range(i * i, n, i):
                prime[j] = False
    return prime


def stepped_sums(x, step):
    s = 0.0
    for i in range(0, x.shape[0], step):
        if x[i] > 1.5:
            continue
        s += x[i]
    t = 0.0
    for i in range(x.shape[0] - 1, -1, -step):
        if x[i] < -1.0:
            break
        t += x[i]
    return s, t


def zero_step(x, step):
    s = 0.0
    for i in range(0, x.shape[0], step):
        s += x[i]
    return s


CASES = [
    (clipped, (RNG.standard_normal(9), -0.5, 0.5)),
    (clipped, (RNG.integers(-9, 9, 9).astype(np.int32), -3, 4)),
    (clipped, (np.array([np.nan, 2.0, -3.0, 0.1]), -1.0, 1.0)),
    (triangles, (RNG.standard_normal((4, 4)),)),
    (triangles, (RNG.integers(-9, 9, (3, 5)).astype(np.int64),)),
    (spaced, (RNG.standard_normal(1),)),
    (spaced, (RNG.standard_normal(6),)),
    (normalized, (np.vstack([RNG.standard_normal((3, 4)), np.zeros((1, 4))]),)),
    (blur, (RNG.standard_normal((4, 5)),)),
    (weighted, (RNG.standard_normal(4),)),
    (stencil_weights, (RNG.standard_normal(9) * 2,)),
    (sieve, (np.zeros(60),)),
    (stepped_sums, (RNG.standard_normal(13) * 2, 3)),
    (stepped_sums, (RNG.standard_normal(13) * 2, 1)),
    (stepped_sums, (RNG.standard_normal(5), 7)),
]


@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_matches_python(fn, args, rtol=1e-15):
    want = fn(*(a.copy() if isinstance(a, np.ndarray) else a for a in args))
    got = shapecheck.jit(fn)(*(a.copy() if isinstance(a, np.ndarray) else a for a in args))
    assert len(got if isinstance(got, tuple) else (got,)) == len(want if isinstance(want, tuple) else (want,))
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        assert np.shape(g) == np.shape(w)
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w)) if np.asarray(w).dtype.kind in "biu" else \
            np.testing.assert_allclose(g, w, rtol=rtol, atol=0, equal_nan=True)
        assert np.asarray(g).dtype == np.asarray(w).dtype


def test_linspace_serves_every_symbolic_size():
    compiled = shapecheck.jit(spaced, shapes={"x": ("n",)})
    for n in (0, 1, 2, 5, 17):
        x = RNG.standard_normal(n)
        (xs, total, ys), (want_xs, want_total, want_ys) = compiled(x), spaced(x)
        np.testing.assert_array_equal(xs, want_xs)   # NumPy's own formula, exactly
        np.testing.assert_array_equal(ys, want_ys)
        assert total == pytest.approx(want_total, rel=1e-12, abs=1e-15)   # a sum: rounding order differs


def test_a_range_step_of_zero_raises_pythons_error_where_it_runs():
    compiled = shapecheck.jit(zero_step)
    x = np.arange(5.0)
    assert compiled(x, 2) == zero_step(x, 2)
    with pytest.raises(ValueError, match="range\\(\\) arg 3 must not be zero"):
        zero_step(x, 0)
    with pytest.raises(ValueError, match="range\\(\\) arg 3 must not be zero"):
        compiled(x, 0)


def test_a_conditional_expression_of_arrays_needs_one_shape_and_dtype():
    def picks(x):
        out = np.zeros(3)
        for i in range(1):
            out = x[:3] if x[0] > 0 else x[1:3]
        return out
    with pytest.raises(UnsupportedError, match="a conditional expression whose sides are"):
        shapecheck.jit(picks)(np.arange(4.0))


def tails_by_step(x, k):
    s = 0.0
    for i in range(k % 2, x.shape[0], k + 1):
        r = x[i:]
        s += r[-1]          # i < len(x) on every iteration
    return s


def test_what_works_only_for_some_values_is_checked_where_it_runs_not_refused():
    # the shape check before compiling said "works only if i == 0" of the loop's index (an index
    # of a range whose step is known at run time) and raised a false IndexError at compile time
    for n, k in ((1, 2), (1, 1), (4, 0), (6, 3)):
        x = RNG.standard_normal(n)
        assert shapecheck.jit(tails_by_step)(x, k) == pytest.approx(tails_by_step(x, k), rel=1e-15)


def truths(x, m):
    s = 0
    for i in range(m.shape[0]):
        if np.any(m[i] > 1.0) and not m[i].all():
            s += 1
    return (s, np.any(x > 0.5), np.all(x > -10.0), x.any(), (m > 0).all(axis=0), np.any(m, axis=1, keepdims=True),
            np.all(m[:0]), np.count_nonzero(m), np.count_nonzero(m > 0, axis=0))


def products_and_differences(a, b, m):
    return (np.outer(a, b), np.diff(a), np.diff(a, 2), np.diff(m, axis=0), np.diff(m, n=3), np.diff(m > 0),
            np.diff(a, 0), np.outer(m, a[:2]), m.astype(np.int32), (m > 0).astype(np.float32))


def zipped_weights(x):
    s = 0.0
    for w, d in zip((0.25, 0.5, 0.25), (-1, 0, 1)):
        s += w * x[1 + d]
    for a, b, c in zip([1, 2, 3, 4], (x[0], x[1], x[2]), (5, 6, 7)):
        if a == 2:
            continue
        s += a * b - c
    return s


def test_any_all_and_count_nonzero_with_nan_as_true():
    x = RNG.standard_normal(9)
    m = RNG.standard_normal((4, 3))
    m[0, 0] = np.nan
    test_matches_python(truths, (x, m))


@pytest.mark.parametrize("n", [1, 2, 5])
def test_outer_diff_and_astype(n):
    a, b, m = RNG.standard_normal(n + 1), RNG.integers(0, 9, 3), RNG.standard_normal((n + 1, 6)) * 50
    test_matches_python(products_and_differences, (a, b, m))


def test_zip_of_tuples_of_numbers_runs_to_the_shortest():
    x = RNG.standard_normal(5)
    test_matches_python(zipped_weights, (x,))


def spreads(x, m):
    return (np.var(x), np.std(x), x.std(ddof=1), m.var(axis=0), np.std(m, axis=1, keepdims=True), np.var(m, ddof=2),
            np.median(x), np.median(m), np.prod(x[:4]), m.prod(axis=1))


def norms_and_diagonals(x, m):
    return (np.linalg.norm(x), np.linalg.norm(m), np.trace(m), m.trace(), np.eye(3) * 2.0, np.eye(2, 4, 1),
            np.identity(2, dtype=np.int32), np.eye(x.shape[0], k=-1))


def joins(a, b, m, i):
    return (np.concatenate((a, b)), np.concatenate([m, m[:1]]), np.concatenate((m, m), axis=1), np.stack((a, b)),
            np.stack([a, b], axis=1), np.hstack((a, b)), np.hstack((m, m)), np.vstack((a, b)), np.vstack((m[:, :3], a)),
            np.concatenate((a, i)))


def roundings(x, i, u):
    return (np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.sign(x), np.round(x, 2), np.round(x), np.around(x, -1),
            np.floor(i), np.sign(i), np.rint(i), np.round(i, 1), np.sign(u), np.trunc(u), np.round(x.astype(np.float32), 1))


@pytest.mark.parametrize("n", [1, 4, 7])
def test_spreads_medians_and_products(n):
    x = RNG.standard_normal(n) * 3
    m = RNG.integers(-5, 5, (n + 2, 3))
    test_matches_python(spreads, (x, m), rtol=1e-12)
    x[0] = np.nan
    test_matches_python(spreads, (x, m.astype(np.float32)), rtol=1e-5)


def test_norms_traces_and_identities():
    test_matches_python(norms_and_diagonals, (RNG.standard_normal(5), RNG.standard_normal((3, 4))), rtol=1e-12)
    test_matches_python(norms_and_diagonals, (RNG.integers(-3, 3, 4), RNG.integers(-3, 3, (4, 2))), rtol=1e-12)


def test_joins_in_the_common_dtype():
    a, b = RNG.standard_normal(3), RNG.standard_normal(3)
    test_matches_python(joins, (a, b, RNG.standard_normal((2, 3)), RNG.integers(0, 9, 2)))


def test_roundings_in_numpys_dtypes():
    x = np.concatenate([RNG.standard_normal(8) * 50, [np.nan, -0.0, 0.0, 2.5, -2.5, 1.125, 0.5, 1.5]])
    test_matches_python(roundings, (x, RNG.integers(-9, 9, 8), RNG.integers(0, 9, 8).astype(np.uint8)))


def interpolated(x, xp, fp):
    return np.interp(x, xp, fp), np.interp(x, xp, fp, left=-1.0, right=9.0), np.interp(0.5, xp, fp), \
        np.interp(x[0], xp[:1], fp[:1])


def test_interp_takes_numpys_branches_exactly():
    """NaN, outside the points, on a repeated point, an infinite value (the slope from the
    right point), the last point: NumPy's answers bit for bit."""
    x = np.concatenate([RNG.random(20) * 6 - 1, [np.nan, 0.0, 1.0, 2.5, 4.0, -1, 5]])
    test_matches_python(interpolated, (x, np.array([0.0, 1.0, 1.0, 2.5, 4.0]), np.array([1.0, -2.0, 3.0, np.inf, 0.0])),
                        rtol=0)
    test_matches_python(interpolated, (np.arange(7.0) - 1, np.arange(5), np.arange(5) * 2), rtol=0)


def closeness(a, b, i):
    return (np.isclose(a, b), np.allclose(a, b), np.isclose(a, b, equal_nan=True), np.isclose(a, b, 0.0, 0.1),
            np.allclose(a[:2], b[:2]), np.isclose(i, a), np.isclose(a[0], 1.0),
            np.isclose(a.astype(np.float32), b, rtol=1e-3))


def test_isclose_and_allclose_as_numpy_weighs_infinities_and_nans():
    a = np.array([1.0, 2.0, np.nan, np.inf, -np.inf, 0.0, 1e-9])
    b = np.array([1.0 + 1e-9, 2.1, np.nan, np.inf, np.inf, 1e-9, 0.0])
    test_matches_python(closeness, (a, b, np.array([1, 2, 3, 4, 5, 0, 0])))
