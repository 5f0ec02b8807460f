"""Assignment through integer arrays in loop code (``x[idx] = v``, ``x[idx] += v``) and NumPy's
unbuffered ``ufunc.at`` (``np.add.at``), compiled by ``shapecheck.jit`` against Python with NumPy:
repeated indices (``=``: the last write stays; ``+=``: once per distinct index, from the element as
it was; ``np.add.at``: once per occurrence), negative ones, rows, values that read the target,
arguments changed in place, and NumPy's IndexError (before anything is written) and ValueError."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

from results import assert_same_results

RNG = np.random.default_rng(23)


def assigned(x, idx, v):
    y = x.copy()
    y[idx] = v                  # repeated indices: the last of their values
    z = x.copy()
    z[idx] = 7.0
    w = x.copy()
    w[idx] = w[idx[::-1]]       # the value reads the target: read whole first
    u = x.copy()
    u[idx] = u[0] + 1.0         # read once, before any write
    return y, z, w, u


def augmented(x, idx, v):
    y = x.copy()
    y[idx] += v                 # once per distinct index, from the element as it was
    z = x.copy()
    z[idx] -= 2.0
    w = x.copy()
    w[idx] *= v
    return y, z, w


def unbuffered(x, idx, v):
    y = x.copy()
    np.add.at(y, idx, v)        # once per occurrence
    z = x.copy()
    np.subtract.at(z, idx, 1.5)
    w = x.copy()
    np.maximum.at(w, idx, v)
    u = x.copy()
    np.minimum.at(u, idx, v)
    p = x.copy()
    np.multiply.at(p, idx, v)
    return y, z, w, u, p


def rows(M, idx, r, V):
    A = M.copy()
    A[idx] = r                  # a row broadcast to every indexed row
    B = M.copy()
    B[idx] += V
    C = M.copy()
    np.add.at(C, idx, V)
    D = M.copy()
    for i in range(D.shape[0] // 2):
        D[i][idx % D.shape[1]] = r[0]    # a row of the matrix, indexed by columns
    return A, B, C, D


def in_place(x, idx, v):
    x[idx] += v                 # the caller's array changes, as in NumPy
    np.add.at(x, idx, 1.0)
    return x.sum()


def histogram(values, bins):
    counts = np.zeros(bins, dtype=np.int64)
    np.add.at(counts, values % bins, 1)
    once = np.zeros(bins, dtype=np.int64)
    once[values % bins] += 1    # a bin counts once, however often its index repeats
    return counts, once


def in_a_loop(x, idx, v):
    y = np.zeros(x.shape[0])
    for t in range(3):
        y[idx] += v * t
        np.add.at(y, idx[::2], x[:idx[::2].shape[0]])
    return y


def integers(a, idx):
    b = a.copy()
    b[idx] = 3
    c = a.copy()
    np.add.at(c, idx, 0.75)     # ufunc.at casts its result to the array's dtype (unsafely)
    d = a.copy()
    np.add.at(d, idx, -1.6)
    return b, c, d


def _indices(n, k):
    return RNG.integers(-n, n, k)


N = 12
CASES = [
    (assigned, (RNG.standard_normal(N), np.array([0, 3, 3, -1, 5, -12]), RNG.standard_normal(6))),
    (assigned, (RNG.standard_normal(N), np.array([], dtype=np.int64), np.zeros(0))),
    # NumPy reads uint64 indices as intp: 2**64 - 1 is -1, the last element
    (assigned, (RNG.standard_normal(N), np.array([2 ** 64 - 1, 3, 3], dtype=np.uint64), RNG.standard_normal(3))),
    (unbuffered, (RNG.standard_normal(N), np.array([1, 7, 1], dtype=np.uint8), RNG.standard_normal(3))),
    (augmented, (RNG.standard_normal(N), np.array([1, 1, 1, -11, 4]), RNG.standard_normal(5))),
    (augmented, (RNG.standard_normal(N), np.array([[2, 2], [-1, 0]]), RNG.standard_normal(2))),
    (unbuffered, (RNG.standard_normal(N), np.array([1, 1, 1, -11, 4]), RNG.standard_normal(5))),
    (unbuffered, (RNG.standard_normal(N), np.array([[2, 2], [-1, 0]]), RNG.standard_normal((2, 2)))),
    (rows, (RNG.standard_normal((6, 4)), np.array([0, 5, 0, -2]), RNG.standard_normal(4),
            RNG.standard_normal((4, 4)))),
    (histogram, (RNG.integers(0, 1000, 200), 7)),
    (in_a_loop, (RNG.standard_normal(N), np.array([3, 1, 3, 0, 3, -2]), RNG.standard_normal(6))),
    (integers, (RNG.integers(-5, 5, N), np.array([0, 0, 4, -1]))),
    (integers, (RNG.integers(-5, 5, N).astype(np.int32), np.array([2, 2, 2], dtype=np.int32))),
]
CASES += [(fn, (RNG.standard_normal(N), _indices(N, k), RNG.standard_normal(k)))
          for seed, k in enumerate((1, 5, 30)) for fn in (assigned, augmented, unbuffered)]


def _copies(args):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_matches_numpy(fn, args):
    assert_same_results(shapecheck.jit(fn)(*_copies(args)), fn(*_copies(args)), rtol=1e-12, atol=1e-12)


def test_the_callers_array_changes_as_in_numpy():
    x, idx, v = RNG.standard_normal(8), np.array([1, 1, -1]), RNG.standard_normal(3)
    want_x, got_x = x.copy(), x.copy()
    want = in_place(want_x, idx, v)
    assert shapecheck.jit(in_place)(got_x, idx, v) == pytest.approx(want, rel=1e-12)
    np.testing.assert_allclose(got_x, want_x, rtol=1e-12)


def test_one_symbolic_compile_serves_every_size():
    compiled = shapecheck.jit(augmented, shapes={"x": ("n",), "idx": ("k",), "v": ("k",)}, dtypes={"idx": "i64"})
    for n, k in ((1, 1), (5, 9), (40, 3)):
        args = (RNG.standard_normal(n), _indices(n, k), RNG.standard_normal(k))
        assert_same_results(compiled(*_copies(args)), augmented(*_copies(args)), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("fn", [assigned, augmented, unbuffered, in_place], ids=lambda f: f.__name__)
@pytest.mark.parametrize("idx", [np.array([2, 12, 1]), np.array([0, -13])], ids=["past", "before"])
def test_an_index_out_of_range_is_numpys_index_error_before_any_write(fn, idx):
    x, v = RNG.standard_normal(N), RNG.standard_normal(idx.shape[0])
    kept = x.copy()
    with pytest.raises(IndexError) as want:
        fn(x.copy(), idx, v)
    with pytest.raises(IndexError, match=str(want.value)):
        shapecheck.jit(fn)(x, idx, v)
    np.testing.assert_array_equal(x, kept)   # nothing written, the argument's elements too


def test_a_value_of_another_shape_is_numpys_value_error():
    def scatter(x, idx, v):
        x[idx] = v
        return x

    def scatter_at(x, idx, v):
        np.add.at(x, idx, v)
        return x
    x, idx, v = np.zeros(5), np.array([0, 1]), np.ones(3)
    for fn, words in ((scatter, "shape mismatch"), (scatter_at, "not broadcastable")):
        with pytest.raises(ValueError, match=words):
            fn(x.copy(), idx, v)
        with pytest.raises((ValueError, UnsupportedError), match=words):
            shapecheck.jit(fn)(x.copy(), idx, v)
    # sizes known only at run time: checked there
    compiled = shapecheck.jit(scatter, shapes={"x": ("n",), "idx": ("k",), "v": ("m",)}, dtypes={"idx": "i64"})
    with pytest.raises(ValueError):
        compiled(x.copy(), idx, v)
    assert_same_results(compiled(x.copy(), idx, v[:2]), scatter(x.copy(), idx, v[:2]))
    assert_same_results(compiled(x.copy(), idx, v[:1]), scatter(x.copy(), idx, v[:1]))


def test_float_indices_are_refused_as_numpy_refuses_them():
    def scatter(x, idx):
        x[idx] = 1.0
        return x
    with pytest.raises(IndexError, match="must be of integer"):
        scatter(np.zeros(3), np.array([0.0]))
    with pytest.raises(UnsupportedError, match="must be of integer"):
        shapecheck.jit(scatter)(np.zeros(3), np.array([0.0]))


def test_an_unsupported_ufunc_at_is_refused_by_name():
    def power_at(x, idx):
        np.power.at(x, idx, 2.0)
        return x
    with pytest.raises(UnsupportedError, match="np.power.at"):
        shapecheck.jit(power_at)(np.ones(3), np.array([0, 1]))


def test_integer_arrays_with_other_indices_are_refused_by_name():
    def column_write(M, idx):
        M[idx, 0] = 1.0
        return M

    def column_read(M, idx):
        return M[1, idx]
    for fn in (column_write, column_read):
        with pytest.raises(UnsupportedError, match="alone along the first axis"):
            shapecheck.jit(fn)(np.zeros((3, 2)), np.array([0, 1]))
