"""Loop code past the first front end's limits (issue 12, ``loopfront``): each kernel against
the same function run as plain Python (seeded inputs), and what must not happen (an eager read
out of bounds) in a child process, where a crash fails the test instead of the run."""

from __future__ import annotations

import os

import numpy as np
import pytest

import loop_limits as F
from child_process import run_json_child
from results import assert_same_results as same
import shapecheck
from shapecheck.ir.jit import UnsupportedError

RNG = np.random.default_rng(12)
X = RNG.standard_normal(40) * 3


@pytest.mark.parametrize("fn, args", [
    (F.count_until, (np.abs(X), 10.0)),
    (F.count_until, (np.abs(X), 1.5)),
    (F.count_until, (np.abs(X), 0.0)),
    (F.shifted_or_fill, (X, 3)),
    (F.shifted_or_fill, (X, 0)),
    (F.chained_or, (X,)),
    (F.guarded_far_index, (X, 5)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_short_circuits_match_python(fn, args):
    same(shapecheck.jit(fn)(*args), fn(*args))


def test_and_or_evaluate_the_right_side_only_when_python_would(tmp_path):
    # x[10**12] is ~8 TB past the array: evaluated eagerly, it faults.
    source = (
        "import json, sys\n"
        f"sys.path[:0] = {[str(p) for p in (_here(),)]!r}\n"
        "import numpy as np, shapecheck, loop_limits as F\n"
        "x = np.linspace(-1.0, 1.0, 9)\n"
        "f = shapecheck.jit(F.guarded_far_index)\n"
        "print(json.dumps([int(f(x, 10 ** 12)), int(F.guarded_far_index(x, 10 ** 12))]))\n")
    got, want = run_json_child(source, tmp_path)
    assert got == want == 9


def test_a_guarded_read_sits_under_its_guard_in_the_loop_ir():
    text = shapecheck.jit(F.count_until).lower(np.abs(X), 1.0).as_text("loops")
    # the condition (with its read) is evaluated at the top of each iteration: i < n first,
    # x[i] only under `if %cond` (after its index check: i is not proven below 40 there)
    lines = [line.strip() for line in text.splitlines()]
    guard = lines.index("%cond = (%i < 40)")
    read = next(k for k, line in enumerate(lines) if line.startswith("%cond = (%x["))
    assert lines[guard + 1] == "if %cond {" and read > guard + 1
    assert all(line.endswith("{") or line.startswith(("%fault[", "%returned", "break", "}"))
               for line in lines[guard + 2:read])   # nothing else but the check between
    assert "while true {" in lines


def _here() -> str:
    return os.path.dirname(os.path.abspath(__file__))


# --- writes into arguments (as Numba: the caller's array changes) -----------------------------

def _in_place(fn, *args):
    """(result, arguments after the call) of ``fn`` run on copies of ``args``."""
    copies = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)
    return fn(*copies), copies


@pytest.mark.parametrize("fn, args", [
    (F.scale_in_place, (RNG.standard_normal((5, 7)), 2.5)),
    (F.scale_in_place, (RNG.integers(-9, 9, (3, 4)), 3)),
    (F.normalize_rows_into, (np.abs(RNG.standard_normal((6, 3))) + 1.0, np.zeros((6, 3)))),
    (F.prefix_in_place, (RNG.standard_normal(9), RNG.standard_normal(9))),
    (F.writes_argument_again, (RNG.standard_normal(5),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_writes_into_arguments_match_python(fn, args):
    got, got_args = _in_place(shapecheck.jit(fn), *args)
    want, want_args = _in_place(fn, *args)
    same(got, want)
    for g, w in zip(got_args, want_args):
        same(g, w)


def test_a_returned_argument_is_the_callers_array():
    x = RNG.standard_normal((3, 4))
    assert shapecheck.jit(F.scale_in_place)(x, 2.0) is x


@pytest.mark.parametrize("layout", ["fortran", "strided", "big-endian", "same array twice"])
def test_a_written_argument_of_any_layout_changes_in_the_callers_array(layout):
    base = RNG.standard_normal((8, 10))
    fn = F.scale_in_place if layout != "same array twice" else F.prefix_in_place
    make = {"fortran": lambda b: np.asfortranarray(b), "strided": lambda b: b[::2, 1::3],
            "big-endian": lambda b: b.astype(">f8"), "same array twice": lambda b: b[0]}[layout]
    got, want = make(base.copy()), make(base.copy())
    args = (got, 3.0) if layout != "same array twice" else (got, got)
    result = shapecheck.jit(fn)(*args)
    fn(*((want, 3.0) if layout != "same array twice" else (want, want)))
    same(got, want)
    assert result is got


def test_a_read_only_argument_that_is_written_is_a_value_error(tmp_path):
    # In a child process: the native entry's guard must send it to the checked path, not write.
    source = (
        "import json, sys\n"
        f"sys.path[:0] = {[_here()]!r}\n"
        "import numpy as np, shapecheck, loop_limits as F\n"
        "f = shapecheck.jit(F.scale_in_place)\n"
        "x = np.ones((3, 4)); f(x, 2.0)\n"        # compiled, native entry installed
        "ro = np.ones((3, 4)); ro.flags.writeable = False\n"
        "out = []\n"
        "for arg in (ro, ro.astype('>f8')):\n"
        "    arg.flags.writeable = False\n"
        "    try:\n"
        "        f(arg, 2.0); out.append('no error')\n"
        "    except ValueError as e:\n"
        "        out.append(str(e))\n"
        "out.append(float(ro.sum()))\n"
        "print(json.dumps(out))\n")
    first, second, total = run_json_child(source, tmp_path)
    assert "argument 'x' is read-only" in first and "read-only" in second
    assert total == 12.0


# --- arrays allocated inside loops and branches ----------------------------------------------

@pytest.mark.parametrize("fn, args", [
    (F.window_means, (RNG.standard_normal(30), np.array([0.25, 0.5, 2.0]))),
    (F.filled_in_branch, (RNG.standard_normal(17),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_arrays_allocated_in_loops_match_python(fn, args):
    same(shapecheck.jit(fn)(*args), fn(*args))


def test_an_array_made_in_a_loop_is_not_read_after_it():
    with pytest.raises(UnsupportedError, match=r"loop_limits.py\): line \d+: the array 'tmp' is made inside "
                                               "a loop: it is not readable after it"):
        shapecheck.jit(F.read_after_loop)(X)


# --- whole-array expressions inside loops ------------------------------------------------------

M = RNG.standard_normal((6, 5))


@pytest.mark.parametrize("fn, args", [
    (F.affine_rows, (M, RNG.standard_normal(5), RNG.standard_normal(5))),
    (F.affine_rows, (M.astype(np.float32), RNG.standard_normal(5).astype(np.float32), np.float32(0.5))),
    (F.centered_rows, (M,)),
    (F.row_dots, (M, RNG.standard_normal(5))),
    (F.row_dots, (RNG.integers(-5, 5, (4, 3)).astype(np.int32), RNG.integers(-5, 5, 3).astype(np.int32))),
    (F.differences, (M,)),
    (F.shift_in_place, (RNG.standard_normal(7),)),
    (F.accumulate_rows, (M,)),
    (F.int_rows, (RNG.integers(0, 5, (4, 6)),)),
    (F.int_rows, (RNG.integers(0, 5, (4, 6)).astype(np.uint8),)),
    (F.triangular, (RNG.standard_normal((7, 7)), RNG.standard_normal(7))),
    (F.triangular, (RNG.standard_normal((1, 1)), RNG.standard_normal(1))),
], ids=lambda v: getattr(v, "__name__", ""))
def test_whole_array_expressions_in_loops_match_numpy(fn, args):
    same(shapecheck.jit(fn)(*args), fn(*args), rtol=1e-6, atol=1e-6)


def test_run_time_slices_serve_every_size_of_a_symbolic_kernel():
    f = shapecheck.jit(F.triangular, shapes={"a": ("n", "n"), "b": ("n",)}, dtypes={"a": "f64", "b": "f64"})
    for n in (1, 2, 5, 12):
        a, b = RNG.standard_normal((n, n)), RNG.standard_normal(n)
        same(f(a, b), F.triangular(a, b))
    assert f.compiles == 1


def test_whole_array_expressions_serve_every_size_of_a_symbolic_kernel():
    f = shapecheck.jit(F.centered_rows, shapes={"x": ("n", "m")}, dtypes={"x": "f64"})
    for n, m in ((1, 1), (3, 8), (17, 5)):
        x = RNG.standard_normal((n, m))
        same(f(x), F.centered_rows(x))
    assert f.compiles == 1


@pytest.mark.parametrize("fn, args, message", [
    (F.broadcast_mismatch, (M[:, :4], RNG.standard_normal(3)),
     r"loop_limits.py, line \d+: multiply: shapes cannot be broadcast together: x\[i\] is \(4,\) and w is \(3,\)"),
    (F.row_is_not_a_number, (M,), r"'x\[i\] > 0' is an array of shape \(5,\) where a number is needed"),
])
def test_array_misuse_in_loops_is_named_at_the_line(fn, args, message):
    with pytest.raises((UnsupportedError, ValueError), match=message):
        shapecheck.jit(fn)(*args)
