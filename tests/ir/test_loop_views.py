"""A slice bound to a name in loop code (``y = x[1:]``, ``r = x[i:]``) is NumPy's view of ``x``:
its offsets fixed when it is made, its elements read and written in ``x`` wherever the name is
used, so writes through either show through the other, as in Python (a copy would not: an
earlier version bound a copy and returned stale values)."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

X = np.linspace(-1.0, 2.0, 7)


def read_only_views(x):
    head, tail = x[:-1], x[1:]
    s = 0.0
    for i in range(head.shape[0]):
        s += tail[i] - head[i]
    return s


def view_rebound_each_step(x):
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        r = x[i:]
        out[i] = r.sum() - r[0]
        x[i] = 0.0        # r is bound again before it is read again
    return out


def view_dead_before_the_write(x):
    y = x[2:]
    s = y.sum()
    x[3] = 10.0
    return s + x.sum()


def write_through_the_view(x):
    y = x[1:]
    for i in range(y.shape[0]):
        y[i] = 1.0        # NumPy: x changes
    return x


def write_the_base_in_a_loop(x):
    y = x[1:]
    s = 0.0
    for i in range(x.shape[0]):
        x[i] = 0.0
        s += y.sum()      # NumPy: sees the zeros
    return s


def read_after_the_base_is_written(x):
    y = x[1:]
    x[2] = 5.0
    return y.sum()        # NumPy: includes the 5.0


def augmented_view(x):
    y = x[:3]
    y += 1.0              # in place: x changes
    return x


def view_of_a_view(x):
    y = x[1:]
    z = y[::2]
    z[0] = -1.0          # x[1]
    for i in range(z.shape[0]):
        z[i] += y[-1]
    return x, z.sum()


def element_of_an_expression(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += (x * 2.0 + 1.0)[i] - (x[::-1] - x)[i]
    return s


def view_of_a_rebound_name(x):
    v = x.copy()
    out = np.zeros(x.shape[0] - 1)
    for _ in range(3):
        tail = v[1:]          # the array v holds now
        v = v * 0.5 + 1.0
        out += tail - v[1:]
    return out


def rebound_view_written(x):
    v = x.copy()
    for _ in range(2):
        v = v * 0.5
        t = v[1:]
        t[0] = 3.0
    return v


@pytest.mark.parametrize("fn", [read_only_views, view_rebound_each_step, view_dead_before_the_write,
                                write_through_the_view, write_the_base_in_a_loop, read_after_the_base_is_written,
                                augmented_view, view_of_a_view, element_of_an_expression],
                         ids=lambda f: f.__name__)
def test_views_read_and_write_the_array_they_view_as_numpy(fn):
    given_to_python, given_to_jit = X.copy(), X.copy()
    want = fn(given_to_python)
    got = shapecheck.jit(fn)(given_to_jit)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-12)
    np.testing.assert_array_equal(given_to_jit, given_to_python)   # the caller's array, as Python leaves it


@pytest.mark.parametrize("fn", [view_of_a_rebound_name, rebound_view_written], ids=lambda f: f.__name__)
def test_a_slice_of_a_name_rebound_in_a_loop_is_not_bound_to_a_name(fn):
    # its buffers are written again while a view would see them, and a copy would miss writes
    with pytest.raises(UnsupportedError, match=r"a slice of an array name rebound in a loop \('(tail|t)' = ...\) is not "
                                               r"bound to a name in loop code"):
        shapecheck.jit(fn)(X.copy())


def stepped(x, a, b):
    s = 0.0
    for i in range(x.shape[0]):
        r = x[i:]                  # a size known at run time
        q, w = r[::2], r[::-3]     # steps over it
        s += q.sum() * 1.5 + w.sum() * 0.25 + q.shape[0] + len(w) + r.size
        s += x[a:b:2].sum() - x[b:a:-2].sum() * 0.125
    return s


def stepped_whole(x):
    return x[::3].sum() + x[1::2].sum() * 2.0 + x[::-2].sum()


@pytest.mark.parametrize("a, b", [(0, 11), (2, 9), (-3, 20), (5, 1), (-20, -2)])
def test_steps_over_sizes_and_bounds_known_at_run_time_follow_slice_indices(a, b):
    x = np.random.default_rng(0).standard_normal(11)
    assert shapecheck.jit(stepped)(x, a, b) == pytest.approx(stepped(x, a, b), rel=1e-12)


def test_steps_over_a_symbolic_size_serve_every_size():
    compiled = shapecheck.jit(stepped_whole, shapes={"x": ("n",)})
    for n in (0, 1, 2, 5, 11):
        x = np.random.default_rng(n).standard_normal(n)
        assert compiled(x) == pytest.approx(stepped_whole(x), rel=1e-12, abs=1e-15)


def transposed_sum(x):
    y = x.T
    s = 0.0
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            s += y[i, j] * (i + 1)
    return s


def written_through_layouts(x):
    y = x.reshape(x.shape[1], -1)
    t = x.T
    for i in range(t.shape[0]):
        t[i, 0] = 7.0 + i          # x[0, i]
    y[0, 1] = -1.0
    r = x[1].reshape(2, -1)        # a row: contiguous, a view
    r[1, 1] += 0.5
    return x


def layouts_in_expressions(x):
    out = np.zeros(x.shape[1])
    for i in range(x.shape[0]):
        out += x.T[:, i] * np.transpose(x)[0, i] + x.ravel()[i] - x.flatten()[-1] + np.reshape(x, (-1,))[i]
    return out


def flattened_copy(x):
    f = x.flatten()                # always a copy
    f[0] = 100.0
    return x, f


def reshaped_slice(x):
    r = x[1:].reshape(-1)          # NumPy: a view here, a copy for x[:, 1:]: as strides allow
    r[0] = 55.0
    return x


@pytest.mark.parametrize("fn", [transposed_sum, written_through_layouts, layouts_in_expressions, flattened_copy],
                         ids=lambda f: f.__name__)
def test_transposes_and_reshapes_are_numpys_views_or_copies(fn):
    given_to_python, given_to_jit = np.arange(12.0).reshape(3, 4), np.arange(12.0).reshape(3, 4)
    want = fn(given_to_python)
    got = shapecheck.jit(fn)(given_to_jit)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-12)
    np.testing.assert_array_equal(given_to_jit, given_to_python)


def test_a_reshaped_slice_is_not_bound_to_a_name():
    with pytest.raises(UnsupportedError, match=r"is NumPy's view or copy of a slice as its strides allow"):
        shapecheck.jit(reshaped_slice)(np.arange(12.0).reshape(3, 4))


def view_rebound_in_a_loop(x):
    tail = x[1:]
    for i in range(2):
        tail = x[:-1]      # a view bound again inside a loop: which one the name holds is run-time
    return tail.sum()


def test_a_view_rebound_inside_a_loop_is_refused_by_name():
    with pytest.raises(UnsupportedError, match=r"rebinding 'tail' \(a view\) to a view \(a slice, transpose or "
                                               r"reshape\) inside a loop or branch is not supported \(bind a copy"):
        shapecheck.jit(view_rebound_in_a_loop)(X.copy())


def rows_in_turn(x):
    cur = x[0]
    s = 0.0
    for i in range(1, x.shape[0]):
        nxt = x[i]
        s += (nxt - cur).sum()
        cur = nxt
    return s + cur[0]


def rows_swapped_and_written(x):
    a, b = x[0], x[1]
    s = 0.0
    for i in range(3):
        a, b = b, a
        s += a[0] * 10 + b[0]
        a[1] += 1.0        # through the row the name holds now
    return s, x


def best_row_chosen_in_a_branch(x):
    best = x[0]
    for i in range(1, x.shape[0]):
        if x[i].sum() > best.sum():
            best = x[i]
    best[0] = -1.0
    return best.copy(), x


def cells_of_a_cube(x):
    cur = x[0, 0]
    s = 0.0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            s += (x[i, j] - cur).sum()
            cur = x[i, j]
    return s


def rows_of_two_arrays(x, y):
    cur = x[0]
    for i in range(2):
        cur = y[i]
    return cur.sum()


@pytest.mark.parametrize("fn, shape", [(rows_in_turn, (5, 3)), (rows_swapped_and_written, (3, 4)),
                                       (best_row_chosen_in_a_branch, (6, 3)), (cells_of_a_cube, (3, 2, 4))],
                         ids=lambda v: getattr(v, "__name__", ""))
def test_a_name_holding_rows_of_one_array_in_turn_reads_and_writes_the_row_it_holds(fn, shape):
    x = np.random.default_rng(4).standard_normal(shape)
    want, got = fn(x.copy()), shapecheck.jit(fn)(x.copy())
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-14)


def test_rows_of_two_arrays_in_one_name_are_refused_by_name():
    with pytest.raises(UnsupportedError, match=r"rebinding 'cur' \(a row of 'x'\) to a row of 'y' inside a loop or "
                                               r"branch is not supported: a name holds rows of one array in turn"):
        shapecheck.jit(rows_of_two_arrays)(np.ones((2, 3)), np.ones((2, 3)))
