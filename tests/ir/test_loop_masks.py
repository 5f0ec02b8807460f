"""Boolean masks in loop code, compiled by ``shapecheck.jit`` against Python with NumPy (values,
dtypes, exceptions): assignment through a mask, selections reduced, combined, counted and looped
over, NumPy's ``where=``/``initial=`` of reductions, ``&``/``|``/``~`` of booleans; arrays whose
size the data decides (``x[mask]`` returned, ``np.nonzero``, ``np.unique``, ``np.empty(n)`` of a counted ``n``:
the kernel is cut where the count is known); and what is refused by name."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

from results import assert_same_results

RNG = np.random.default_rng(17)


def clipped(x):
    y = x.copy()
    y[y < 0] = 0.0
    x[x > 1.0] = 1.0          # into the argument: the caller's array changes, as in NumPy
    return y, x


def shifted(x, z):
    y = x.copy()
    m = (x > -0.5) & ~(x > 0.5)
    y[m] += 10.0
    y[np.logical_or(x < -1.5, z > 1.5)] = z[np.logical_or(x < -1.5, z > 1.5)] * 2.0
    return y


def selected_sums(x):
    return x[x > 0].sum(), np.sum(x[x < 0]), x[x > 0.2].mean(), x[x < 0.5].max(), np.min(x[x > -1]), len(x[x > 0])


def kmeans_update(X, labels, k):
    C = np.zeros((k, X.shape[1]))
    counts = np.zeros(k, dtype=np.int64)
    for j in range(k):
        pts = X[labels == j]
        counts[j] = pts.shape[0]
        C[j] = pts.sum(axis=0) / max(pts.shape[0], 1)
    return C, counts, X[labels == 0].mean(axis=0)


def looped(x, X):
    s = 0.0
    for v in x[x > 0]:
        s += v * v
    t = 0.0
    for i, v in enumerate(x[x < 0]):
        if i > 3:
            break
        t += i * v
    rows = np.zeros(X.shape[1])
    for r in X[X[:, 0] > 0]:
        rows += r
    return s, t, rows


def reductions_where(x, m):
    return (np.sum(x, where=x > 0), np.max(x, where=x < 0, initial=-10.0), x.sum(initial=5.0),
            np.mean(m, axis=0, where=m > 0), np.min(m, axis=1, where=m < 0.5, initial=0.25),
            np.prod(m, where=np.abs(m) > 0.5), np.any(m > 1.0, where=m > 0))


def integers(a):
    b = a.copy()
    b[b % 2 == 0] = -1
    return b, a[a > 4].sum(), a[a > 4].max(), (a[a < 3] * 2).min(), a[(a > 2) & (a < 7)].mean()


def rows_and_values(X, w):
    Y = X.copy()
    Y[X[:, 0] > 0] = w          # a row broadcast to every selected row
    Y[X[:, 1] < 0] *= 0.5
    return Y, X[X > 0].sum(), (X[X[:, 2] > 0] * w).sum(axis=0)


def self_reading(x):
    y = x.copy()
    y[y[::-1] > 0] = 0.0        # the mask reads the target elsewhere: read whole, then written
    return y


CASES = [
    (clipped, (RNG.standard_normal(20) * 2,)),
    (shifted, (RNG.standard_normal(25) * 2, RNG.standard_normal(25) * 2)),
    (selected_sums, (RNG.standard_normal(30),)),
    (kmeans_update, (RNG.standard_normal((40, 3)), RNG.integers(0, 3, 40), 4)),
    (looped, (RNG.standard_normal(15), RNG.standard_normal((6, 3)))),
    (reductions_where, (RNG.standard_normal(12), RNG.standard_normal((4, 5)))),
    (integers, (RNG.integers(0, 10, 20),)),
    (integers, (RNG.integers(0, 10, 20).astype(np.int32),)),
    (rows_and_values, (RNG.standard_normal((8, 3)), RNG.standard_normal(3))),
    (self_reading, (RNG.standard_normal(11),)),
]


def _copies(args):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_matches_python(fn, args):
    with np.errstate(invalid="ignore", divide="ignore"):   # the mean of nothing: NaN, as NumPy's
        want, got = fn(*_copies(args)), shapecheck.jit(fn)(*_copies(args))
    assert_same_results(got, want, rtol=1e-12, atol=1e-12)


def test_a_symbolic_program_serves_every_size_and_mask():
    compiled = shapecheck.jit(selected_sums, shapes={"x": ("n",)})
    for n in (1, 2, 7, 40):
        x = RNG.standard_normal(n) + 0.6   # at least one element above 0.2 and below 0.5 most of the time
        x[0] = 0.3
        assert_same_results(compiled(x), selected_sums(x), rtol=1e-12, atol=1e-12)


def test_the_max_of_nothing_selected_is_numpys_value_error():
    def top(x):
        return x[x > 100.0].max()
    x = RNG.standard_normal(9)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        top(x)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        shapecheck.jit(top)(x)
    x[3] = 101.0
    assert shapecheck.jit(top)(x) == 101.0


def test_a_mask_of_another_shape_is_numpys_index_error():
    def wrong(x, m):
        return x[m > 0].sum()
    with pytest.raises(IndexError, match="boolean index did not match"):
        wrong(np.ones(4), np.ones(3))
    with pytest.raises((IndexError, UnsupportedError), match="boolean index did not match"):
        shapecheck.jit(wrong)(np.ones(4), np.ones(3))


def copied(x):
    s = 0.0
    for i in range(2):
        s += x[x > 0].copy()[::-1].sum()
    return s


def written_while_held(x):
    s = 0.0
    sel = x[x > 0]
    x[0] = 5.0
    s += sel.sum()
    return s


def positional(x):
    s = 0.0
    for i in range(1):
        s += x[x > 0][0]
    return s


def two_masks(x, y):
    s = 0.0
    for i in range(1):
        s += (x[x > 0] + y[y > 0]).sum()
    return s


@pytest.mark.parametrize("fn, args, words", [
    (copied, (np.ones(3),), "inside a loop or branch"),
    (written_while_held, (np.ones(3),), "is written while 'sel' holds the selection"),
    (positional, (np.ones(3),), "inside a loop or branch"),
    (two_masks, (np.ones(3), np.ones(3)), "two masks"),
], ids=lambda v: getattr(v, "__name__", None) if callable(v) else None)
def test_what_is_not_supported_is_refused_by_name(fn, args, words):
    with pytest.raises(UnsupportedError, match=words):
        shapecheck.jit(fn)(*args)


def test_whole_array_code_never_ignores_a_keyword_it_does_not_read():
    # np.sum(x, where=...) had the graph front end sum every element: a wrong answer
    def total(x):
        return np.sum(x, where=x > 0) + x.sum(initial=1.5)
    x = RNG.standard_normal(10)
    assert shapecheck.jit(total)(x) == pytest.approx(total(x), rel=1e-13)


def _bits(a, b):
    out = np.zeros_like(a)
    h = 0
    for i in range(a.shape[0]):
        out[i] = (a[i] & b[i]) | (a[i] ^ ~b[i]) + (a[i] << b[i]) - (a[i] >> b[i])
        h = (h * 31 + (a[i] & 7)) & 0x7F
        h ^= h >> 3
    return out, h, a & 3, ~a, a >> 1


@pytest.mark.parametrize("dtype", ["int64", "int32", "int8", "uint8", "uint64"])
def test_bitwise_operators_on_integers_are_numpys(dtype):
    # shift counts past the width and negative ones (for signed dtypes): NumPy's 0, or -1 shifting a
    # negative right (npy_lshift, npy_rshift), where LLVM's shift would be poison
    rng = np.random.default_rng(7)
    a = rng.integers(-100 if dtype[0] == "i" else 0, 100, 40).astype(dtype)
    b = rng.integers(-3 if dtype[0] == "i" else 0, 70, 40).astype(dtype)
    with np.errstate(all="ignore"):
        want = _bits(a, b)
    got = shapecheck.jit(_bits)(a, b)
    for g, w in zip(got, want):
        assert np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_array_equal(g, w)


def test_bitwise_operators_on_floats_are_refused_as_numpy_refuses_them():
    def bits(a):
        out = np.zeros_like(a)
        for i in range(a.shape[0]):
            out[i] = a[i] & 3
        return out
    with pytest.raises(UnsupportedError, match="not defined for floats"):
        shapecheck.jit(bits)(np.arange(4.0))


# --- arrays whose size the data decides: the kernel cut where the count is known -------------

def filtered(x, X):
    pos = x[x > 0]
    rows = X[X[:, 0] > 0.0]
    return pos, x[(x < -0.5) | (x > 1.0)] * 2.0, rows, rows.sum(axis=1), pos.copy()[::-1]


def indices(x, M):
    (i,) = np.nonzero(x > 0)
    r, c = np.nonzero(M > 0.5)
    w = np.where(x < 0)[0]
    return i, r, c, w, np.flatnonzero(M), np.argwhere(M > 0), M.nonzero()[1]


def counted_first(x, k):
    n = 0
    for i in range(x.shape[0]):
        if x[i] > 0:
            n += 1
    out = np.empty(n)
    j = 0
    for i in range(x.shape[0]):
        if x[i] > 0:
            out[j] = x[i] * k
            j += 1
    return out, j


def after_checks(x, idx):
    s = x[idx[0]] + x[idx[1]]       # run-time index checks before the cut...
    big = x[x > s]
    t = big.sum() + x[idx[2]]       # ...and after it
    return big, t


def distinct(x, M):
    v = np.unique(M)
    return np.unique(x), v, v.shape[0], np.unique(x[x > 0] * 2)


CUT_CASES = [
    (distinct, (RNG.integers(0, 5, 20), RNG.integers(-2, 2, (3, 4)))),
    (distinct, (np.array([3.0, np.nan, 1.0, np.nan, 3.0, 2.0]), RNG.standard_normal((2, 2)).astype(np.float32))),
    (distinct, (np.zeros(0), np.array([[True, False]]))),
    (filtered, (RNG.standard_normal(30), RNG.standard_normal((7, 3)))),
    (filtered, (-np.abs(RNG.standard_normal(5)), -np.abs(RNG.standard_normal((2, 3))))),   # nothing selected
    (indices, (RNG.standard_normal(12), RNG.standard_normal((4, 5)))),
    (indices, (RNG.integers(-3, 3, 9), RNG.integers(0, 2, (3, 3)))),
    (counted_first, (RNG.standard_normal(25), 3)),
    (after_checks, (RNG.standard_normal(10), np.array([1, -2, 4]))),
]


@pytest.mark.parametrize("fn, args", CUT_CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_arrays_sized_by_the_data_match_python(fn, args):
    want, got = fn(*_copies(args)), shapecheck.jit(fn)(*_copies(args))
    assert_same_results(got, want, rtol=1e-12, atol=1e-12)


def test_one_symbolic_compile_serves_every_size_and_count():
    compiled = shapecheck.jit(filtered, shapes={"x": ("n",), "X": ("m", 3)})
    for n, m in ((0, 0), (1, 2), (9, 5), (40, 1)):
        args = (RNG.standard_normal(n), RNG.standard_normal((m, 3)))
        assert_same_results(compiled(*_copies(args)), filtered(*_copies(args)), rtol=1e-12, atol=1e-12)


def test_a_fault_before_the_cut_is_raised_and_the_rest_skipped():
    x = RNG.standard_normal(10)
    with pytest.raises(IndexError, match="index 12 is out of bounds"):
        after_checks(x, np.array([12, 0, 0]))
    with pytest.raises(IndexError, match="index 12 is out of bounds"):
        shapecheck.jit(after_checks)(x, np.array([12, 0, 0]))
    with pytest.raises(IndexError, match="index 11 is out of bounds"):
        shapecheck.jit(after_checks)(x, np.array([0, 0, 11]))


def test_a_negative_size_the_code_computes_is_numpys_value_error():
    def sized(x):
        n = 0
        for i in range(x.shape[0]):
            n -= 1
        return np.zeros(n)
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        sized(np.ones(3))
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        shapecheck.jit(sized)(np.ones(3))
    assert shapecheck.jit(sized)(np.ones(0)).shape == (0,)


def test_the_cut_program_prints_parses_verifies_and_runs_in_the_interpreter():
    from shapecheck.ir import interp, loopfront, parser, printer, verifier
    module = loopfront.trace_loops(filtered, shapes={"x": ("n",), "X": ("m", 3)})
    assert len(module.kernels) == len(module.program.computed) + 1 >= 3   # a part per count, and the last
    text = printer.print_loop_module(module)
    assert "count " in text
    assert printer.print_loop_module(parser.parse_loop_module(text)) == text
    for kernel in module.kernels:
        assert verifier.kernel_problems(kernel) == []
    args = (RNG.standard_normal(11), RNG.standard_normal((6, 3)))
    got = interp.run_loop_module(module, _copies(args))
    assert_same_results(got, filtered(*_copies(args)), rtol=1e-12, atol=1e-12)


# --- integer arrays as indices (a gather), and selections used as arrays -----------------------

def gathered(x, idx, M):
    return x[idx], M[idx], M[idx].sum(axis=1), x[idx[::-1]] * 2


def composed(x, y, M):
    s = x[x > 0]
    order = np.nonzero(y > 0)[0]
    return (np.sort(x[x > 0]), np.concatenate((x[x > 0], y[y < 0])), np.cumsum(s), s[::2], s.reshape(-1, 1) * 2.0,
            M[M[:, 0] > 0] @ M.T, x[order], np.argmax(M[M[:, 1] > -5.0], axis=0))


def written_copy(x):
    s = x[x > 0]
    s[-1:] = 100.0              # NumPy's selection is a copy: x keeps its element
    return s, x


@pytest.mark.parametrize("idx", [np.array([0, 3, -1, 3]), np.array([], dtype=np.int64),
                                 RNG.integers(0, 10, (2, 3)).astype(np.int32)], ids=["repeats", "empty", "matrix"])
def test_integer_array_indexing_gathers_as_numpy(idx):
    args = (RNG.standard_normal(10), idx, RNG.standard_normal((10, 3)))
    assert_same_results(shapecheck.jit(gathered)(*args), gathered(*args), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("idx", [np.array([2, 12, 1]), np.array([2, -11])], ids=["past", "before"])
def test_an_index_out_of_range_is_numpys_index_error_before_any_read(idx):
    args = (RNG.standard_normal(10), idx, RNG.standard_normal((10, 3)))
    with pytest.raises(IndexError) as want:
        gathered(*args)
    with pytest.raises(IndexError, match=str(want.value)):
        shapecheck.jit(gathered)(*args)


@pytest.mark.parametrize("fn, args", [
    (composed, (RNG.standard_normal(15), RNG.standard_normal(15), RNG.standard_normal((6, 3)))),
    (written_copy, (RNG.standard_normal(8),)),
    (written_copy, (-np.ones(3),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_selections_used_as_arrays_match_python(fn, args):
    assert_same_results(shapecheck.jit(fn)(*_copies(args)), fn(*_copies(args)), rtol=1e-12, atol=1e-12)
