"""The Numba-style front end (``shapecheck.ir.loopfront``) through ``shapecheck.jit``: loops,
branches, scalar variables, allocation and element access, each against the same function run
as plain Python; refused code gets a message naming the construct at the file's line."""

from __future__ import annotations

import os

import numpy as np
import pytest

import loop_functions as F
import numba_user_kernels as K
from child_process import run_json_child
from results import assert_same_results as same
import shapecheck
from shapecheck.ir.jit import UnsupportedError

HERE = os.path.dirname(os.path.abspath(__file__))

RNG = np.random.default_rng(3)
X = RNG.standard_normal(11)
M = RNG.standard_normal((4, 5))


@pytest.mark.parametrize("fn, args", [
    (F.countdown, (X,)),
    (F.first_negative, (np.abs(X) + 1,)),
    (F.first_negative, (X,)),
    (F.positive_sum_every_third, (X,)),
    (F.positive_sum_every_third, (np.arange(-5, 9),)),
    (F.clipped, (M, -0.5, 0.5)),
    (F.allocations, (X,)),
    (F.scalar_functions, (X,)),
    (F.swap_and_wrap, (X,)),
    (F.int_and_bool, (M > 0, (M * 100).astype(np.int64))),
    (F.int_and_bool, (M > 0, (M * 1000).astype(np.int32))),
    (F.count_below, (np.array([-5, 3, 2 ** 62, -1]), np.array([3, 3, 2 ** 63 + 5, 2 ** 64 - 1], np.uint64))),
    (F.count_below, (np.array([3, 3, 2 ** 63 + 5, 2 ** 64 - 1], np.uint64), np.array([-5, 4, 2 ** 62, -1]))),
    (F.clipped, (np.arange(-6, 6, dtype=np.int8).reshape(3, 4), -3, 4)),
    (F.clipped, (np.arange(12, dtype=np.uint16).reshape(3, 4), 2, 9)),
    (F.histogram_compact, (RNG.standard_normal(500), np.linspace(-2.0, 2.0, 9))),
    (F.allocates_in_loop, (X,)),
    (F.is_sorted, (np.sort(X),)),
    (F.is_sorted, (X,)),
    (F.find_pair, (np.array([3, 1, 4, 1, 5, 9, 2, 6]), 10)),
    (F.find_pair, (np.array([3, 1, 4, 1, 5, 9, 2, 6]), 100)),
    (F.first_above_in_branch, (X, 1)),
    (F.first_above_in_branch, (X, 0)),
    (F.first_above_in_branch, (np.zeros(4), 1)),
    (F.sign_or_sum, (np.abs(X),)),
    (F.sign_or_sum, (-np.abs(X),)),
    (F.sign_or_sum, (np.r_[0.0, X],)),
    (F.prefix_until_negative, (np.abs(X),)),
    (F.prefix_until_negative, (np.r_[X[X > 0], -1.0, 2.0],)),
    (F.weights_or_one, (np.array([0.0, 2.0, 0.0, -1.5, 0.5]), np.arange(1.0, 6.0))),
    (F.first_nonzero_of_each, (np.array([0, 3, 0, 0, 5]), np.array([7, 0, 0, 2, 1]))),
    (F.count_if_both, (np.array([0, 3, 0, 0, 5]), np.array([7, 0, 0, 2, 1]))),
    (F.count_if_both, (np.array([1, 3, 0, 2, 5]), np.array([7, 0, 0, 2, 1]))),
], ids=lambda v: getattr(v, "__name__", ""))
def test_loop_code_matches_python(fn, args):
    same(shapecheck.jit(fn)(*args), fn(*args))


@pytest.mark.parametrize("fn, args", [
    (F.jacobi_swap, (X, 3)),
    (F.jacobi_swap, (X, 4)),
    (F.life_steps, ((RNG.random((6, 7)) < 0.4).astype(np.int64), 3)),   # cur is the argument: written
    (F.life_steps, ((RNG.random((5, 5)) < 0.4).astype(np.int64), 0)),
    (F.rotate_three, (np.arange(4.0), 5)),
    (F.rebinds_to_a_new_array, (X, 3)),                 # x = 0.5 * (x + 1.0): two buffers in turn
    (F.rebinds_to_a_new_array, (X, 0)),
    (F.descend, (X, np.linspace(-1.0, 1.0, 11), 7, 0.3)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_names_rebound_among_arrays_in_a_loop_follow_python(fn, args):
    """Double buffering (``a, b = b, a``), a three-way rotation and a rebinding in a branch: the
    result, and the argument arrays after the call (written through a name that held them)."""
    compiled_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    python_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    same(shapecheck.jit(fn)(*compiled_args), fn(*python_args))
    for got, expected in zip(compiled_args, python_args):
        same(got, expected)


@pytest.mark.parametrize("fn, args, message", [
    (F.dot_mismatch, (M, np.ones((4, 2))), "line 310: dot: x is \\(4, 5\\) but w is \\(4, 2\\): 5 != 4 \\[SC102\\]"),
    (F.loop_then_bad_add, (X,), "line 317: add: shapes cannot be broadcast together: out is \\(3,\\) and "
                                "np.ones\\(4\\) is \\(4,\\)"),
])
def test_a_shape_error_in_numpy_calls_is_numpys_value_error(fn, args, message):
    """The jit's check reads the function's lines with the modules it uses imported (``np`` is
    NumPy there): the user's error is a ValueError with the analyser's message, not "cannot
    compile"."""
    with pytest.raises(ValueError, match=f"loop_functions.py, {message}"):
        shapecheck.jit(fn)(*args)


def test_an_index_past_an_allocated_array_is_refused_before_it_compiles(tmp_path):
    """``out = np.zeros(n)`` then ``out[i + 1] = ...`` for ``i in range(n)``: the check knows
    ``out``'s shape only when it knows what ``np`` is; read without the function's imports, the
    loop compiled and wrote past the array's end (a crash, or a corrupted heap). In a child
    process, so that a regression fails this test instead of killing the run."""
    outcome = run_json_child(CHILD_PAST_ALLOCATION.format(here=HERE), tmp_path)
    assert outcome.startswith("IndexError: loop_functions.py, line 323: assignment: index i+1 is out of "
                              "bounds for axis 0 with size 5"), outcome


CHILD_PAST_ALLOCATION = """
import json, sys
import numpy as np
sys.path.insert(0, {here!r})
import shapecheck
import loop_functions as F
from child_process import run_json_child
try:
    outcome = repr(shapecheck.jit(F.writes_past_its_allocation)(np.ones(5)))
except Exception as error:
    outcome = f"{{type(error).__name__}}: {{error}}"
print(json.dumps(outcome))
"""


def test_float32_arrays_keep_their_dtype():
    x = M.astype(np.float32)
    got = shapecheck.jit(F.clipped)(x, -0.5, 0.5)
    assert got.dtype == np.float32
    same(got, F.clipped(x, -0.5, 0.5).astype(np.float32))


@pytest.mark.parametrize("fn, args, message", [
    (F.size_counted_in_loop, (X, 4), "line 355: array sizes must be known from the argument shapes"),
    (F.whole_array_in_loop, (X,), "line 120: 's' holds a number, and this assigns it an array of shape \\(11,\\)"),
    (F.returns_one_of_two_arrays, (X,), "line 208: every return statement must return the same array"),
    (F.renews_a_shared_name, (X, 3), "line 296: rebinding 'y' to a new array inside a loop or branch is "
                                     "supported when it is named before the loop and no other name is bound "
                                     "to it \\(here: z\\)"),
    (F.renews_with_another_dtype, (X, 3), "line 303: 'x' is rebound inside a loop to an array of another shape "
                                          "or dtype \\(\\(11,\\) f64 and \\(11,\\) bool\\)"),
])
def test_refused_code_names_the_construct_at_the_files_line(fn, args, message):
    with pytest.raises(UnsupportedError, match=f"loop_functions.py\\): {message}"):
        shapecheck.jit(fn)(*args)


def test_a_size_counted_at_the_top_sizes_an_array():
    # the kernel is cut where the count is known (Program.computed), the array allocated then
    same(shapecheck.jit(F.runtime_size)(X, 4), F.runtime_size(X, 4))


def test_loop_code_lowers_to_one_kernel_with_loops_and_llvm():
    lowered = shapecheck.jit(F.first_negative).lower(X)
    loops = lowered.as_text("loops")
    assert "while" in loops and "break" in loops
    assert "define" in lowered.as_text("llvm")
    assert "has no graph IR" in lowered.as_text("ir")


def test_symbolic_loop_kernel_serves_every_size():
    f = shapecheck.jit(F.row_sums_symbolic, shapes={"x": ("n", 6)}, dtypes={"x": "f64"})
    for n in (1, 2, 7, 30, 64):
        x = RNG.standard_normal((n, 6))
        same(f(x), x.sum(axis=1))
    assert f.compiles == 1


def _counted_times(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] + i
    return out


def test_a_range_counter_is_a_python_int_where_it_meets_an_array():
    # (i + 1) * x32[i] is float32 under NEP 50, and x8[i] + i past int8 is NumPy's OverflowError
    x32 = RNG.standard_normal(5).astype(np.float32)
    assert shapecheck.jit(_counted_times)(x32).dtype == np.float32
    same(shapecheck.jit(_counted_times)(np.ones(100, np.int8)), _counted_times(np.ones(100, np.int8)))
    with pytest.raises(OverflowError, match="128 out of bounds for int8"):
        shapecheck.jit(_counted_times)(np.ones(300, np.int8))


def _into(x, out, factor):
    for i in range(len(x)):
        out[i] = x[i] * factor


def test_a_function_without_return_writes_its_arguments_and_returns_none():
    x, out = RNG.standard_normal(6), np.zeros(6)
    compiled = shapecheck.jit(_into)
    for factor in (2.0, 3.0):   # the second call through the entry the first made
        assert compiled(x, out, factor) is None
        same(out, x * factor)


def test_a_function_ending_in_while_true_left_only_by_return_compiles():
    x = RNG.random(20)
    compiled = shapecheck.jit(K.while_true_search)
    for target in (0.5, 2.0, -1.0):
        assert compiled(x, target) == K.while_true_search(x, target)
