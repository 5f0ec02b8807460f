"""Every kind of argument a caller may pass to a jitted function gives NumPy's answer (value and
dtype) or a clear TypeError/ValueError; never a crash. Issue 12, item 1.

The scenarios run in a fresh subprocess (a segfault fails the test instead of the test run);
the child prints, per case, ``ok``, ``WRONG ...`` or the exception it raised.
"""

from __future__ import annotations

import os
import textwrap

import pytest
from child_process import run_json_child

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""
    import json, sys
    import numpy as np
    sys.path.insert(0, {here!r})
    import shapecheck
    import argument_functions as fns

    jit = {{name: shapecheck.jit(getattr(fns, name)) for name in
           ("step", "row_counts", "bool_matmul", "row_sums", "halve", "scaled", "mismatched",
            "accumulate", "gather", "shift")}}
    rng = np.random.default_rng(0)
    pos32 = rng.standard_normal(6).astype(np.float32)
    vel32 = rng.standard_normal(6).astype(np.float32)
    pos, vel = pos32.astype(np.float64), vel32.astype(np.float64)
    readonly = pos.copy(); readonly.flags.writeable = False
    grid = rng.standard_normal((5, 6))
    mask = rng.random((3, 7)) < 0.5
    cases = {{
        "numpy_float64_scalar": ("step", (pos, vel, np.float64(0.01)), {{}}),
        "python_float": ("step", (pos, vel, 0.01), {{}}),
        "python_int": ("step", (pos, vel, 3), {{}}),
        "python_bool": ("step", (pos, vel, True), {{}}),
        "zero_d_array": ("step", (pos, vel, np.array(0.25)), {{}}),
        "f32_with_python_float": ("step", (pos32, vel32, 0.01), {{}}),
        "f32_with_numpy_float64": ("step", (pos32, vel32, np.float64(0.01)), {{}}),
        "f32_with_numpy_float32": ("step", (pos32, vel32, np.float32(0.01)), {{}}),
        "all_scalars": ("step", (1.0, 2.0, 0.5), {{}}),
        "list": ("step", (list(pos), vel, 0.5), {{}}),
        "tuple": ("step", (tuple(pos), tuple(vel), 0.5), {{}}),
        "nested_list": ("row_sums", ([[1.0, 2.0], [3.0, 4.5]],), {{}}),
        "readonly": ("step", (readonly, vel, 0.5), {{}}),
        "fortran": ("row_sums", (np.asfortranarray(grid),), {{}}),
        "strided": ("row_sums", (grid[::2, ::-1],), {{}}),
        "byteswapped": ("halve", (grid.astype(">f8"),), {{}}),
        "keywords": ("step", (), {{"dt": 0.5, "vel": vel, "pos": pos}}),
        "default_argument": ("scaled", (pos,), {{}}),
        "default_overridden": ("scaled", (pos,), {{"scale": np.float32(3.0)}}),
        "bool_row_counts": ("row_counts", (mask,), {{}}),
        "bool_matmul": ("bool_matmul", (mask, mask.T.copy()), {{}}),
        "int32_row_sum_overflow": ("row_sums", (np.full((2, 4), 2 ** 30, np.int32),), {{}}),
        "int_true_divide": ("halve", (np.arange(6, dtype=np.int32),), {{}}),
        "too_few": ("step", (pos, vel), {{}}),
        "too_many": ("step", (pos, vel, 0.5, 1.0), {{}}),
        "unknown_keyword": ("step", (pos, vel), {{"dt": 0.5, "speed": 1.0}}),
        "float16": ("halve", (pos.astype(np.float16),), {{}}),
        "complex": ("halve", (pos + 1j,), {{}}),
        "string": ("halve", ("abc",), {{}}),
        "none": ("halve", (None,), {{}}),
        "ragged_list": ("row_sums", ([[1.0, 2.0], [3.0]],), {{}}),
        "huge_int": ("step", (pos, vel, 2 ** 70), {{}}),
        "shape_error": ("mismatched", (np.ones((4, 3)), np.ones((4, 5))), {{}}),
        "broadcast_error": ("step", (np.ones(4), np.ones(3), 1.0), {{}}),
        "matrix": ("halve", (np.asmatrix(grid),), {{}}),
        "masked": ("step", (np.ma.masked_array(pos, pos > 0), vel, 0.5), {{}}),
        "memmap_like_subclass": ("halve", (grid.view(np.memmap),), {{}}),
        "loop_f32_accumulator": ("accumulate", (pos32, 0.5), {{}}),
        "loop_f32_scaled_by_f64": ("accumulate", (pos32, np.float64(0.5)), {{}}),
        "loop_int_accumulator": ("accumulate", (np.arange(6, dtype=np.int16), 3), {{}}),
        "loop_strided": ("accumulate", (grid[::2, 1], 2.0), {{}}),
        "loop_uint64_gather": ("gather", (np.arange(6, dtype=np.uint64), np.array([0, 5, -1, 2])), {{}}),
        "loop_int8_gather": ("gather", (np.arange(6, dtype=np.int8), np.array([0, 5, -1, 2])), {{}}),
        "loop_gather_list": ("gather", ([1.5, 2.5], [1, 0, -2]), {{}}),
        "loop_gather_out_of_range": ("gather", (pos, np.array([0, 6])), {{}}),
        "loop_writes_readonly": ("shift", (readonly, 1.0), {{}}),
        "loop_writes_list": ("shift", ([1.0, 2.0], 1.0), {{}}),
    }}
    results = {{}}
    for case, (name, args, kwargs) in cases.items():
        try:
            got = jit[name](*args, **kwargs)
        except (TypeError, ValueError, IndexError) as error:
            results[case] = type(error).__name__ + ": " + str(error)
            continue
        expected = getattr(fns, name)(*[np.asarray(a) if isinstance(a, (list, tuple)) else a
                                         for a in args], **kwargs)
        got_dtype, expected_dtype = np.asarray(got).dtype, np.asarray(expected).dtype
        if got_dtype != expected_dtype:
            results[case] = f"WRONG dtype {{got_dtype}}, NumPy gives {{expected_dtype}}"
        elif not np.allclose(got, expected, rtol=1e-6):
            results[case] = f"WRONG values {{got!r}}, NumPy gives {{expected!r}}"
        else:
            results[case] = "ok"
    print(json.dumps(results))
""")

CORRECT = ["numpy_float64_scalar", "python_float", "python_int", "python_bool", "zero_d_array",
           "f32_with_python_float", "f32_with_numpy_float64", "f32_with_numpy_float32",
           "all_scalars", "list", "tuple", "nested_list", "readonly", "fortran", "strided",
           "byteswapped", "keywords", "default_argument", "default_overridden",
           "bool_row_counts", "bool_matmul", "int32_row_sum_overflow", "int_true_divide",
           "memmap_like_subclass", "loop_f32_accumulator", "loop_f32_scaled_by_f64", "loop_int_accumulator",
           "loop_strided", "loop_uint64_gather", "loop_int8_gather", "loop_gather_list", "huge_int"]

REFUSED = [
    ("too_few", "TypeError: step(): missing a required argument: 'dt'"),
    ("too_many", "TypeError: step(): too many positional arguments"),
    ("unknown_keyword", "TypeError: step(): got an unexpected keyword argument 'speed'"),
    ("float16", "TypeError: halve(): argument 'x' has dtype float16; supported: float32"),
    ("complex", "TypeError: halve(): argument 'x' has dtype complex128"),
    ("string", "TypeError: halve(): argument 'x' must be a NumPy array, a list of numbers or a number, got str"),
    ("none", "TypeError: halve(): argument 'x' must be a NumPy array, a list of numbers or a number, got NoneType"),
    ("ragged_list", "ValueError: row_sums(): argument 'x': cannot convert the list to an array"),
    ("shape_error", "ValueError: argument_functions.py, line 31: matmul: x is (4, 3) but w is (4, 5): 3 != 4 [SC102]"),
    ("broadcast_error", "ValueError: argument_functions.py, line 7: add: shapes cannot be broadcast together"),
    ("matrix", "TypeError: halve(): argument 'x' is a matrix, which gives NumPy's operators another meaning"),
    ("masked", "TypeError: step(): argument 'pos' is a MaskedArray, which gives NumPy's operators another meaning"),
    ("loop_gather_out_of_range", "IndexError: index 6 is out of bounds for axis 0 with size 6"),
    ("loop_writes_readonly", "ValueError: shift(): argument 'x' is read-only"),
    ("loop_writes_list", "TypeError: shift(): argument 'x' is a list, and the function writes into it"),
]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(here=HERE), tmp_path_factory.mktemp("cache"), timeout=300)


@pytest.mark.parametrize("case", CORRECT)
def test_accepted_arguments_give_numpys_value_and_dtype(outcomes, case):
    assert outcomes[case] == "ok"


@pytest.mark.parametrize("case, message", REFUSED)
def test_refused_arguments_raise_clear_errors(outcomes, case, message):
    assert outcomes[case].startswith(message), outcomes[case]
