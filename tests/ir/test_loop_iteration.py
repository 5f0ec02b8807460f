"""Loop code iterating as Numba users write it: over an array (its elements or rows),
``enumerate`` (with a start) and ``zip`` (to the shortest), nested, over an expression, with the
sequence rebound in the body; and allocations given a dtype by position. Each against Python."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError


def elements(x):
    t = 0.0
    for v in x:
        t += v * v
    return t


def rows(m):
    out = np.empty(m.shape[0])
    k = 0
    for row in m:
        out[k] = row.sum() - row[0]
        k += 1
    return out


def nested(m):
    t = 0.0
    for row in m:
        for v in row:
            t = max(t, v)
    return t


def enumerated(x):
    t = 0.0
    for i, v in enumerate(x):
        t += i * v
    for i, v in enumerate(x, 10):
        t -= i * v
    return t


def zipped(a, b, c):
    t = 0.0
    for u, v, w in zip(a, b, c):   # to the shortest
        t += u * v - w
    return t


def over_an_expression(x):
    t = 0.0
    for v in x * 2.0 + 1.0:
        t += v
    return t


def rebinding(x):
    t = 0.0
    for v in x:
        t += v
        x = x * 0.0   # the loop still runs over the array it started with
    return t + x.sum()


def positional_dtypes(x):
    n = x.shape[0]
    counts = np.zeros(4, np.int64)
    scaled = np.empty(n, np.float32)
    filled = np.full(n, 2, np.int32)
    for i in range(n):
        counts[i % 4] += 1
        scaled[i] = x[i] * filled[i]
    return counts, scaled, filled


X = np.linspace(-1.0, 2.0, 7)
M = np.arange(12.0).reshape(3, 4) / 7


@pytest.mark.parametrize("fn, args", [
    (elements, (X,)), (rows, (M,)), (nested, (M,)), (enumerated, (X,)), (zipped, (X, X[:5], M[0])),
    (over_an_expression, (X,)), (rebinding, (X.copy(),)), (positional_dtypes, (X,)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_iteration_matches_python(fn, args):
    want = fn(*args)
    got = shapecheck.jit(fn)(*args)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-12)
        assert np.asarray(g).dtype == np.asarray(w).dtype


def over_a_tuple(x):
    t = 0.0
    for v in (1.0, 2.0):
        t += v
    return t + x[0]


def over_a_set(x):
    t = 0.0
    for v in {1.0, 2.0}:   # a set's order is Python's own: not compiled
        t += v
    return t + x[0]


def test_what_is_not_iterated_is_named():
    test_iteration_matches_python(over_a_tuple, (X,))
    with pytest.raises(UnsupportedError, match=r"unsupported expression \(Set\): '\{1.0, 2.0\}'"):
        shapecheck.jit(over_a_set)(X)


def read_before_rebinding(a, v):
    for _ in range(3):
        w = a * v          # reads the array v holds now: the argument, then its own buffers
        v = w * 0.5
    return v


def reduced_before_rebinding(a, v):
    for _ in range(3):
        s = np.sum(a * v)
        v = v * 0.5 + s
    return v


def power_iteration(m, v):
    for _ in range(25):
        w = m @ v
        v = w / np.sqrt((w * w).sum())
    return v


def products(a, b, v):
    c = a @ b
    w = np.dot(a, v[:a.shape[1]])
    u = v[:a.shape[0]] @ a
    return c, w, u, np.dot(w, w) + c[0, 0]


def bool_products(p, q):
    return p @ q


S = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
A = np.arange(12.0).reshape(4, 3) / 5
B = np.arange(15.0).reshape(3, 5) / 7
P = np.array([[True, False], [False, False]])


@pytest.mark.parametrize("fn, args", [
    (read_before_rebinding, (X[:4], np.ones(4))), (reduced_before_rebinding, (X[:4], np.ones(4))),
    (power_iteration, (S, np.ones(3))), (products, (A, B, X)),
    (products, (A.astype(np.float32), B.astype(np.int32), X.astype(np.int64))), (bool_products, (P, P)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_matmul_and_names_rebound_in_loops_match_python(fn, args):
    test_iteration_matches_python(fn, args)


def temporaries_bound_twice(m, v):
    s = 0.0
    for i in range(v.shape[0]):
        p = m @ v
        s += p[i]
        p = m @ (v * 2.0)   # the same name, a second array, in the same body: in that order
        s += p[0]
    return s


def bound_in_a_branch(v):
    s = 0.0
    for i in range(v.shape[0]):
        p = v * 1.0
        if v[i] > 0:
            p = v * 3.0      # which array p holds depends on the branch taken
        s += p.sum()
    return s


def test_a_temporary_bound_again_in_its_own_body_is_the_new_array():
    test_iteration_matches_python(temporaries_bound_twice, (S, np.array([0.5, -1.0, 2.0])))
    from shapecheck.ir.jit import UnsupportedError
    with pytest.raises(UnsupportedError, match="rebinding 'p' to a new array inside a loop or branch"):
        shapecheck.jit(bound_in_a_branch)(X)


def max_from(x, k):
    s = 0.0
    if k > 0:
        s = x[k:].max() - x[:k].min()   # empty when k == len(x): NumPy's ValueError
    return s


def test_a_max_over_no_elements_raises_numpys_error_where_it_runs():
    # the slice's size is known only when the call runs: checked there, never read past the end
    # (it read beyond the array: 1.1e-307 where NumPy raises)
    compiled = shapecheck.jit(max_from)
    for k in (0, 2, 5):
        assert compiled(X, k) == max_from(X, k)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum which has no identity"):
        compiled(X, X.shape[0])
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        max_from(X, X.shape[0])


def read_slices_of_a_rebound_name(x, y):
    v = x.copy()
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        v = v * 0.5 + y
        out[1:] = out[:-1] * 0.5 + v[1:]
        out[0] += v[::-1].sum() * 0.5 + v[-2:].sum()
    return out, v


def test_slices_of_a_name_rebound_in_a_loop_are_read_from_the_array_it_holds():
    test_iteration_matches_python(read_slices_of_a_rebound_name, (X, X[::-1].copy()))


def jacobi(u0, steps):
    u = u0.copy()
    v = np.empty_like(u)
    for _ in range(steps):   # double buffering: write the interior of one array from the other, swap
        v[1:-1] = 0.5 * (u[2:] + u[:-2])
        v[0], v[-1] = u[0], u[-1]
        u, v = v, u
    return u


def shifted_in_place(x, y):
    v = x.copy()
    for i in range(x.shape[0]):
        v = v * 0.5 + y
        v[1:] = v[:-1] + v[1:]   # reads the target elsewhere: buffered, as NumPy
        v[:i] = 0.0
    return v


def rows_of_a_swapped_matrix(m):
    a = m.copy()
    b = np.zeros_like(m)
    for _ in range(3):
        for i in range(m.shape[0]):
            b[i] = a[i] * 0.5 + a[i - 1]   # a row of a rotating name written whole
        a, b = b, a
    return a


def test_slices_of_a_name_rebound_in_a_loop_are_written_in_the_array_it_holds():
    for steps in (0, 1, 4):
        test_iteration_matches_python(jacobi, (X, steps))
    test_iteration_matches_python(shifted_in_place, (X, X[::-1].copy()))
    test_iteration_matches_python(rows_of_a_swapped_matrix, (np.arange(12.0).reshape(4, 3),))


def fresh_each_step(u0, steps):
    u = u0.copy()
    for _ in range(steps):
        v = np.empty_like(u)   # a new array each step, bound to u at its end
        v[0], v[-1] = u[0], u[-1]
        for i in range(1, u.shape[0] - 1):
            v[i] = 0.5 * (u[i - 1] + u[i + 1])
        u = v
    return u


def best_row(x):
    best = np.zeros(x.shape[1])
    for i in range(x.shape[0]):
        z = x[i] * 2.0
        if z.sum() > best.sum():
            best = z        # kept while later rows are made
        z = z + 1.0         # z bound again: best keeps the row it was bound to
        z[0] = 0.0
    return best


def written_after_binding(u0):
    u = u0.copy()
    for _ in range(2):
        v = u * 0.5
        u = v
        v[0] = 1.0          # Python: u[0] is 1.0 too
    return u


def outer_written_after_binding(u0):
    u = u0.copy()
    for _ in range(3):
        v = u * 0.5
        u = v
        u[0] = 1.0          # v, which Python shows the write through, is not read again
    return u


def read_after_outer_written(u0):
    u = u0.copy()
    s = 0.0
    for _ in range(2):
        v = u * 0.5
        u = v
        u[0] = 1.0
        s += v[0]           # Python: 1.0
    return u, s


def test_an_array_made_in_a_loop_and_bound_to_an_outer_name_is_kept_as_python_keeps_it():
    test_iteration_matches_python(outer_written_after_binding, (X,))
    with pytest.raises(UnsupportedError, match=r"'v' is read after 'u = v' bound both names to one array and 'u' "
                                               r"was written"):
        shapecheck.jit(read_after_outer_written)(X)
    for steps in (0, 1, 5):
        test_iteration_matches_python(fresh_each_step, (X, steps))
    test_iteration_matches_python(best_row, (np.random.default_rng(4).standard_normal((6, 3)),))
    with pytest.raises(UnsupportedError, match=r"'v' is written after 'u = v' bound both names to one array.*"
                                               r"bind a copy \(u = v.copy\(\)\)"):
        shapecheck.jit(written_after_binding)(X)


def tails_of_pairs(x, y):
    s = 0.0
    for i, (e, g) in enumerate(zip(x, y)):
        r = x[i:]          # i < min(len(x), len(y)): never empty
        s += r[-1] + e - g
    return s


def test_an_index_of_enumerate_over_zip_is_below_the_shortest_length():
    # the shape check before compiling once took enumerate(zip(...))'s index as unbounded, and
    # raised a false IndexError for r[-1] ("works only if i == 0")
    for n in (1, 4):
        test_iteration_matches_python(tails_of_pairs, (X[:n].copy(), X[:3].copy()))
    from shapecheck.api import Options, Project, analyze_call
    source = ("def f(x, y):\n    s = 0.0\n    for i, (e, g) in enumerate(zip(x, y)):\n        r = x[i:]\n"
              "        s += r[-1]\n    return s\n")
    _, errors = analyze_call(source, "f", {"x": (1,), "y": (3,)}, project=Project(options=Options(unroll=False)),
                             alone=True)
    assert errors == []
