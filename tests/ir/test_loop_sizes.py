"""Arrays whose sizes are computed from scalar arguments (``np.empty(x.shape[0] - k + 1)``,
``np.arange(k)``): the argument's value is a shape variable the entry reads before it allocates,
so one compile serves every value, against Python with NumPy (values, dtypes, and NumPy's
ValueError for a negative size, which must never reach the allocation)."""

from __future__ import annotations

import os

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

from child_process import OUTCOME, run_json_child

HERE = os.path.dirname(__file__)
RNG = np.random.default_rng(11)


def running_mean(x, k):
    out = np.empty(x.shape[0] - k + 1)
    s = x[:k].sum()
    out[0] = s / k
    for i in range(1, out.shape[0]):
        s += x[i + k - 1] - x[i - 1]
        out[i] = s / k
    return out


def grids(x, k):
    rows = np.zeros((k, x.shape[0]))
    for i in range(k):
        rows[i] = x * i
    return rows, np.arange(k) * 2, np.arange(1, k + 3, 2), np.ones(x.shape[0] // 3 + k % 4)


def windows(x, w):
    # min/max of sizes, and a size a loop's stop and an index both read
    n = min(w, x.shape[0])
    out = np.full(max(n - 1, 0), -1.0)
    for i in range(out.shape[0]):
        out[i] = x[i + 1] - x[i]
    return out


def same(got, want):
    got, want = (got if isinstance(got, tuple) else (got,)), (want if isinstance(want, tuple) else (want,))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype, (g.shape, g.dtype, w.shape, w.dtype)
        np.testing.assert_allclose(g, w)


def test_one_compile_serves_every_value_of_the_size():
    f = shapecheck.jit(running_mean)
    x = RNG.standard_normal(40)
    for k in (1, 2, 5, 17, 40):
        same(f(x, k), running_mean(x, k))
    assert f.compiles == 1
    loops = f.lower(x, 3).as_text("loops")
    assert "  size k = %k_1" in loops.splitlines()   # read from the argument, not a constant


@pytest.mark.parametrize("k", [0, 1, 3, 8])
def test_allocation_functions_take_sizes_from_values(k):
    x = RNG.standard_normal(10)
    same(shapecheck.jit(grids)(x, k), grids(x, k))


@pytest.mark.parametrize("w", [0, 1, 2, 6, 30])
def test_min_and_max_of_sizes(w):
    x = RNG.standard_normal(9)
    same(shapecheck.jit(windows)(x, w), windows(x, w))


def test_an_integer_argument_of_any_width():
    x = RNG.standard_normal(12)
    f = shapecheck.jit(running_mean)
    for k in (np.int32(4), np.int8(3), np.uint16(5), np.int64(12)):
        same(f(x, k), running_mean(x, k))


def test_symbolic_shapes_and_a_value():
    f = shapecheck.jit(running_mean, shapes={"x": ("n",), "k": ()}, dtypes={"x": "f64", "k": "i64"})
    for n, k in ((5, 2), (30, 7), (8, 8)):
        x = RNG.standard_normal(n)
        same(f(x, np.int64(k)), running_mean(x, k))   # the declared dtype (a Python int is weak)
    assert f.compiles == 1


def test_a_size_the_kernel_computes_sizes_an_array_after_a_cut():
    def counted(x, n):
        count = 0
        for i in range(n):
            count += i
        return np.zeros(count) + x[0]
    f = shapecheck.jit(counted)
    for n in (0, 1, 4):
        same(f(np.ones(3), n), counted(np.ones(3), n))

    def per_iteration(x, n):   # a size that changes inside a loop: refused by name
        s = 0.0
        for i in range(n):
            s += np.zeros(i).sum()
        return s
    with pytest.raises(UnsupportedError, match="array sizes must be known from the argument shapes"):
        shapecheck.jit(per_iteration)(np.ones(3), 4)


def test_a_negative_size_is_numpys_value_error_never_an_allocation(tmp_path):
    """After a first call has made the native entry, a call whose size is negative must be
    stopped before anything is placed in the arena (in a child: a regression would crash)."""
    outcome = run_json_child(CHILD.format(here=HERE, outcome=OUTCOME), tmp_path)
    assert outcome == [["ok", [[0.5, 0.5]]], ["ValueError", "negative dimensions are not allowed"],
                       ["ValueError", "negative dimensions are not allowed"], ["ok", [[0.5, 0.5]]]]


CHILD = """
import json, sys
import numpy as np
sys.path.insert(0, {here!r})
import shapecheck
import loop_functions as F
{outcome}
f = shapecheck.jit(F.two_sized_by_a_value)
x = np.ones(4)
print(json.dumps([outcome(f, x, 2), outcome(f, x, 5), outcome(F.two_sized_by_a_value, x, 5), outcome(f, x, 2)]))
"""
