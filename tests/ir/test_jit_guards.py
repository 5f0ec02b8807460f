"""Every compiled entry guards its arguments: a wrong one is a Python exception, never a crash.

Each scenario runs in a fresh subprocess, so a segfault in compiled code fails the test instead
of killing the test run; the child prints the outcome and the parent checks it.
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
    from test_llvm_programs import Inputs, elementwise_module
    from shapecheck.ir import loops as L, runtime

    inputs = Inputs("f32", ["rc", "c"], 4, 8)
    module = elementwise_module(inputs, lambda i, j: L.Binary(
        "mul", inputs.load(0, i, j), inputs.load(1, i, j)))
    compiled = runtime.build(module)
    results = {{}}
    good = (np.ones((4, 8), np.float32), np.arange(8, dtype=np.float32))
    base = np.arange(64, dtype=np.float32).reshape(8, 8)
    cases = {{
        "ok": good,
        "wrong_rank": (np.ones((4, 8, 1), np.float32), good[1]),
        "wrong_dim": (np.ones((4, 9), np.float32), good[1]),
        "wrong_broadcast_dim": (good[0], np.ones(7, np.float32)),
        "wrong_dtype": (good[0].astype(np.float64), good[1]),
        "byteswapped": (good[0].astype(">f4"), good[1]),
        "not_an_array": ([[1.0] * 8] * 4, good[1]),
        "too_few": (good[0],),
        "strided": (base[::2], base[0][::-1]),
        "transposed": (np.asfortranarray(base[:4]), good[1]),
    }}
    for name, args in cases.items():
        try:
            out = compiled(*args)
            expected = np.asarray(args[0]) * np.asarray(args[1])
            results[name] = "ok" if np.array_equal(out, expected) else "WRONG ANSWER"
        except (TypeError, ValueError) as error:
            results[name] = type(error).__name__ + ": " + str(error)
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(here=HERE), tmp_path_factory.mktemp("cache"), timeout=120)


@pytest.mark.parametrize("case, message", [
    ("wrong_rank", "ValueError: ew(): x0: expected rank 2, got shape (4, 8, 1)"),
    ("wrong_dim", "ValueError: ew(): x0: expected dim 8, got 9 (shape (4, 9))"),
    ("wrong_broadcast_dim", "ValueError: ew(): x1: expected dim 8, got 7 (shape (7,))"),
    ("wrong_dtype", "TypeError: ew(): argument 'x0' must have dtype float32, got float64"),
    ("byteswapped", "TypeError: ew(): argument 'x0' must have dtype float32, got >f4"),
    ("not_an_array", "TypeError: ew(): argument 'x0' must be a NumPy array, got list"),
    ("too_few", "TypeError: ew() takes 2 array arguments, got 1"),
])
def test_wrong_arguments_raise_clear_errors(outcomes, case, message):
    assert outcomes[case] == message


@pytest.mark.parametrize("case", ["ok", "strided", "transposed"])
def test_any_layout_gives_the_right_answer(outcomes, case):
    # Non-contiguous arrays are copied to C order before the call (the documented rule).
    assert outcomes[case] == "ok"
