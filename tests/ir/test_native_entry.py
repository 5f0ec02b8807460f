"""The native program entry (``codegen.pyentry``): guards in compiled code, same answers and
same errors as the Python path, no leaked or stolen references.

Every scenario runs in a fresh subprocess, so a crash in compiled code (a guard that let a bad
array through) fails the test instead of killing the run; the child prints JSON outcomes.
"""

from __future__ import annotations

import os
import textwrap

import pytest
from child_process import run_json_child

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""
    import gc, json, sys, threading, tracemalloc
    import numpy as np
    sys.path.insert(0, {here!r})
    from test_llvm_programs import Inputs, elementwise_module
    from shapecheck.ir import loops as L, runtime
    from shapecheck.subst.names import fresh_name

    I = L.INDEX
    results = {{}}

    def outcome(fn, args, expected):
        try:
            out = fn(*args)
        except (TypeError, ValueError) as error:
            return type(error).__name__ + ": " + str(error)
        ok = all(np.array_equal(o, e) for o, e in zip(out, expected)) if isinstance(out, tuple) \\
            else np.array_equal(out, expected)
        return "ok" if ok else "WRONG ANSWER"

    # (4, 8) * (8,) in float32: every guard of the entry.
    inputs = Inputs("f32", ["rc", "c"], 4, 8)
    compiled = runtime.build(elementwise_module(inputs, lambda i, j: L.Binary(
        "mul", inputs.load(0, i, j), inputs.load(1, i, j))))
    results["has_native"] = compiled.native is not None
    good = (np.ones((4, 8), np.float32), np.arange(8, dtype=np.float32))
    base = np.arange(64, dtype=np.float32).reshape(8, 8)
    unaligned = np.frombuffer(bytearray(4 * 8 * 4 + 1), np.uint8)[1:].view(np.float32).reshape(4, 8)
    unaligned[...] = 2.0

    class Sub(np.ndarray):
        pass

    cases = {{
        "ok": good,
        "wrong_rank": (np.ones((4, 8, 1), np.float32), good[1]),
        "wrong_dim": (np.ones((4, 9), np.float32), good[1]),
        "wrong_broadcast_dim": (good[0], np.ones(7, np.float32)),
        "zero_d": (np.ones((), np.float32), good[1]),
        "wrong_dtype": (good[0].astype(np.float64), good[1]),
        "int_dtype": (good[0].astype(np.int32), good[1]),
        "byteswapped": (good[0].astype(">f4"), good[1]),
        "not_an_array": ([[1.0] * 8] * 4, good[1]),
        "none": (None, good[1]),
        "too_few": (good[0],),
        "too_many": good + (good[1],),
        "strided": (base[::2], base[0][::-1]),
        "transposed": (np.asfortranarray(base[:4]), good[1]),
        "unaligned": (unaligned, good[1]),
        "subclass": (good[0].view(Sub), good[1]),
        "readonly": (np.broadcast_to(np.float32(3.0), (4, 8)).copy(), good[1]),
        "pickled": tuple(__import__("pickle").loads(__import__("pickle").dumps(a)) for a in good),
    }}
    for name, args in cases.items():
        try:
            expected = np.asarray(args[0], np.float32) * np.asarray(args[1], np.float32)
        except (TypeError, ValueError, IndexError):
            expected = None
        results[name] = outcome(compiled, args, expected)
        results["python:" + name] = outcome(compiled.python, args, expected)

    # References: inputs keep their counts, a result is owned by the caller alone.
    a, b = good[0].copy(), good[1].copy()
    before = (sys.getrefcount(a), sys.getrefcount(b))
    for _ in range(1000):
        out = compiled(a, b)
    results["input_refs_kept"] = before == (sys.getrefcount(a), sys.getrefcount(b))
    results["result_refs"] = sys.getrefcount(out) - 1

    # Two kernels through a temporary, two outputs, and an output that is an input.
    n = 50_000
    x, t, u, i = fresh_name("x"), fresh_name("t"), fresh_name("u"), fresh_name("i")
    xb, tb, ub = L.Buffer(x, "f64", (n,)), L.Buffer(t, "f64", (n,), output=True), L.Buffer(u, "f64", (n,), output=True)
    xi = lambda buf: L.Load(buf, (L.Var(i, I),), "f64")
    loop = lambda dst, value: (L.For(i, L.Const(0, I), L.Const(n, I), 1, (L.Store(dst, (L.Var(i, I),), value),),
                                     parallel=True),)
    k1 = L.Kernel("double", (), (xb, tb), loop(t, L.Binary("mul", xi(x), L.Const(2.0, "f64"))))
    k2 = L.Kernel("inc", (), (L.Buffer(t, "f64", (n,)), ub), loop(u, L.Binary("add", xi(t), L.Const(1.0, "f64"))))
    calls = (L.KernelCall("double", (x, t), ()), L.KernelCall("inc", (t, u), ()))
    xs = np.linspace(-1, 1, n)
    for label, outputs in (("temp", (u,)), ("two_outputs", (t, u)), ("identity", (x,))):
        program = L.Program(label, (), (xb,), (tb, ub), calls, outputs)
        exe = runtime.build(L.LoopModule((k1, k2), program))
        got = exe(xs)
        want = {{"temp": xs * 2 + 1, "two_outputs": (xs * 2, xs * 2 + 1), "identity": xs}}[label]
        results[label] = [exe.native is not None, outcome(exe, (xs,), want)]
        if label == "identity":
            results["identity_is_input"] = got is xs
        # Temporaries are released: 200 calls must not hold 200 x 800 kB.
        gc.collect()
        tracemalloc.start()
        for _ in range(200):
            got = exe(xs)
        del got
        gc.collect()
        current, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        results[label + "_leak_kb"] = current // 1024

    # Large calls release the GIL around their kernels: threads must neither deadlock nor race.
    program = L.Program("temp", (), (xb,), (tb, ub), calls, (u,))
    exe = runtime.build(L.LoopModule((k1, k2), program))
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(bool(np.array_equal(exe(xs), xs * 2 + 1))))
               for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    results["threads"] = answers
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(here=HERE), tmp_path_factory.mktemp("cache"), timeout=180)


def test_specialised_programs_get_a_native_entry(outcomes):
    assert outcomes["has_native"] is True


@pytest.mark.parametrize("case, message", [
    ("wrong_rank", "ValueError: ew(): x0: expected rank 2, got shape (4, 8, 1)"),
    ("wrong_dim", "ValueError: ew(): x0: expected dim 8, got 9 (shape (4, 9))"),
    ("wrong_broadcast_dim", "ValueError: ew(): x1: expected dim 8, got 7 (shape (7,))"),
    ("zero_d", "ValueError: ew(): x0: expected rank 2, got shape ()"),
    ("wrong_dtype", "TypeError: ew(): argument 'x0' must have dtype float32, got float64"),
    ("int_dtype", "TypeError: ew(): argument 'x0' must have dtype float32, got int32"),
    ("byteswapped", "TypeError: ew(): argument 'x0' must have dtype float32, got >f4"),
    ("not_an_array", "TypeError: ew(): argument 'x0' must be a NumPy array, got list"),
    ("none", "TypeError: ew(): argument 'x0' must be a NumPy array, got NoneType"),
    ("too_few", "TypeError: ew() takes 2 array arguments, got 1"),
    ("too_many", "TypeError: ew() takes 2 array arguments, got 3"),
])
def test_rejected_arguments_raise_the_python_paths_errors(outcomes, case, message):
    assert outcomes[case] == message
    assert outcomes["python:" + case] == message


@pytest.mark.parametrize("case", ["ok", "strided", "transposed", "unaligned", "subclass", "readonly",
                                  "pickled"])
def test_every_accepted_layout_gives_the_right_answer(outcomes, case):
    assert outcomes[case] == "ok"
    assert outcomes["python:" + case] == "ok"


def test_references_are_neither_leaked_nor_stolen(outcomes):
    assert outcomes["input_refs_kept"] is True
    assert outcomes["result_refs"] == 1


@pytest.mark.parametrize("label", ["temp", "two_outputs", "identity"])
def test_temporaries_outputs_and_identity(outcomes, label):
    assert outcomes[label] == [True, "ok"]
    assert outcomes[label + "_leak_kb"] < 800  # one live temporary is 390 kB; 200 leaked, 78 MB


def test_identity_returns_the_input_itself(outcomes):
    assert outcomes["identity_is_input"] is True


def test_gil_released_calls_from_threads(outcomes):
    assert outcomes["threads"] == [True] * 4
