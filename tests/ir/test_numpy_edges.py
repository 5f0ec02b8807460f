"""A seeded differential test of ``shapecheck.jit`` against NumPy at NumPy's edges: every slice,
index, reduction, broadcast and matmul kernel kind at sizes 0 and 1 (fully specialised, and with
symbolic shapes, where one kernel serves every size; C order, reversed and strided views, Fortran
order), and Python scalars of every kind with arrays of every dtype (NEP 50: ``int8_array + 300``
raises OverflowError, ``int8_array < 300`` holds, ``y * 2`` of a Python int is exact, ints beyond
int64 meet float and uint64 arrays), NumPy scalars, 0-d and one-element arrays, in array code and
in loop code. Each call must give NumPy's result (dtype, shape, values) or raise NumPy's exception
type. Issue 12, item 1.

The calls run in a fresh subprocess (a crash fails the test, not the test run).
"""

from __future__ import annotations

import json
import random
import textwrap

import pytest
from child_process import run_json_child

# Kernel kinds at sizes 0 and 1: slices (negative steps too), indices, reductions, broadcasts, matmul.
ONE_D = ["x[1:] - x[:-1]", "x[2:] * 2.0", "x[:1] + 1.0", "x[::-1] + 1.0", "x[::2] * x[::2]",
         "x[-2::-2] + 1.0", "x[1:-1:2] - 1.0", "x[0] + 1.0", "x[-1] * 2.0", "x[1] - x[0]", "x.max()", "np.min(x)",
         "x.sum() + x.mean()", "x.max() - x.min()", "x[:, None] - x[None, :]",
         "np.where(x > 1.0, x, -x)[1:]", "x[None, :] @ x[:, None]"]
TWO_D = ["x.max(axis=0)", "x.max(axis=1, keepdims=True)", "x.min(axis=(0, 1))", "x.sum(axis=1)",
         "x.mean(axis=0)", "np.exp(x - x.max(axis=1, keepdims=True))", "x @ x.T", "x.T @ x", "x.reshape(-1)",
         "x.T * 1.0", "x[1:, :-1] + x[:-1, 1:]", "x[0, :] + x[:, 0].sum()", "x[..., ::-1] - 1.0"]
SIZES_1D = [(0,), (1,), (2,), (3,)]
SIZES_2D = [(0, 3), (3, 0), (0, 0), (1, 1), (1, 3), (2, 3)]
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"]
# A Python scalar's expression, and the values passed for it (kinds NEP 50 treats apart).
SCALAR_EXPRS = ["a + s", "a * s", "s - a", "a < s", "a == s", "a >= s", "np.maximum(a, s)", "a + s * 2",
                "a - s * s", "a * (s + 1) - 1", "a / s", "a + (s - 2 ** 64)", "a * 2 ** 62"]
SCALARS = ["3", "300", "-1", "-129", "2 ** 62", "-(2 ** 63)", "2 ** 63 - 1", "1.5", "True", "0"]
# NumPy scalars, 0-d and one-element arrays: strong (they keep their dtype), in array code
STRONG = ["np.int8(100)", "np.uint64(2 ** 63)", "np.float32(1.5)", "np.array(7)", "np.array([2.5])"]
# Beyond int64 (array code, not compared: an integer array compared with one is an OverflowError
# where NumPy answers all True or all False)
BIG = ["2 ** 63", "2 ** 64 - 1", "2 ** 70", "-(2 ** 64) + 5", "10 ** 400"]
# Loop code (Numba's style) with a Python scalar: parameters, body.
LOOPS = {
    "shift": ("x, by", "for i in range(x.shape[0]):\n        x[i] = x[i] + by\n    return x"),
    "store": ("x, v", "for i in range(x.shape[0]):\n        x[i] = v\n    return x"),
    "count_below": ("x, t", "c = 0\n    for i in range(x.shape[0]):\n        if x[i] < t:\n            c += 1\n"
                    "    return c"),
    "scaled_sum": ("x, k", "s = x[0] * 0\n    for i in range(x.shape[0]):\n        s += x[i] * (k * 2)\n"
                   "    return s"),
}
LOOP_DTYPES = ["int8", "uint8", "int64"]

CHILD = textwrap.dedent('''
    import importlib, json, os, sys, tempfile, warnings
    import numpy as np
    import shapecheck

    warnings.simplefilter("ignore")
    cases = json.loads({cases!r})
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "edge_cases.py"), "w") as f:
        f.write("import numpy as np\\n")
        for key, case in cases.items():
            body = case.get("body") or f"return {{case['expr']}}"
            f.write(f"\\ndef {{key}}({{', '.join(case['params'])}}):\\n    {{body}}\\n")
    sys.path.insert(0, folder)
    module = importlib.import_module("edge_cases")

    def run(fn, args):
        try:
            with np.errstate(all="ignore"):
                return "ok", fn(*args)
        except Exception as error:
            return "raised", error

    def differs(got, expected):
        if got[0] != expected[0]:
            return f"{{got[0]}} {{got[1]!r}}, NumPy {{expected[0]}} {{expected[1]!r}}"
        if got[0] == "raised":
            return None if isinstance(got[1], type(expected[1])) else f"{{got[1]!r}}, NumPy {{expected[1]!r}}"
        g, e = np.asarray(got[1]), np.asarray(expected[1])
        if g.dtype != e.dtype or g.shape != e.shape:
            return f"{{g.dtype}}{{g.shape}}, NumPy {{e.dtype}}{{e.shape}}"
        same = np.array_equal(g, e) if e.dtype.kind in "iub" else \\
            np.allclose(g, e, rtol=1e-5 if e.dtype == np.float32 else 1e-12, equal_nan=True)
        return None if same else f"{{g!r}}, NumPy {{e!r}}"

    out = {{}}
    for key, case in cases.items():
        fn = getattr(module, key)
        compiled = shapecheck.jit(fn) if case["shapes"] is None else \\
            shapecheck.jit(fn, shapes=case["shapes"], dtypes={{p: "f64" for p in case["params"]}})
        for text in case["calls"]:
            # fresh arguments for each (loop code writes into them)
            wrong = differs(run(compiled, eval(text, {{"np": np}})), run(fn, eval(text, {{"np": np}})))
            out[f"{{key}}({{text}})"] = "ok" if wrong is None else "WRONG " + wrong
    print(json.dumps(out))
''')


def _array(shape: tuple, dtype: str = "float64") -> str:
    return f"np.arange({max(1, _size(shape))} * 1.0)[:{_size(shape)}].reshape({shape}).astype(np.{dtype})"


def _size(shape: tuple) -> int:
    size = 1
    for d in shape:
        size *= d
    return size


def _cases() -> dict:
    cases = {}
    for k, expr in enumerate(ONE_D):
        calls = [f"({_array(s)},)" for s in SIZES_1D]
        cases[f"sizes_1d_{k}"] = {"params": ["x"], "expr": expr, "shapes": None, "calls": calls}
        cases[f"symbolic_1d_{k}"] = {"params": ["x"], "expr": expr, "shapes": {"x": ["n"]}, "calls": calls}
    for k, expr in enumerate(TWO_D):
        # C order, and views NumPy gives: reversed and strided, Fortran order
        calls = [f"({_array(s)},)" for s in SIZES_2D] + \
            [f"({_array((s[0] * 2, s[1]))}[::-2],)" for s in SIZES_2D[:4]] + \
            [f"(np.asfortranarray({_array(s)}),)" for s in SIZES_2D[3:]]
        cases[f"sizes_2d_{k}"] = {"params": ["x"], "expr": expr, "shapes": None, "calls": calls}
        cases[f"symbolic_2d_{k}"] = {"params": ["x"], "expr": expr, "shapes": {"x": ["n", "m"]}, "calls": calls}
    # Python scalars: every expression on a seeded sample of dtypes, each with every value.
    rng = random.Random(50)
    for k, expr in enumerate(SCALAR_EXPRS):
        for dtype in rng.sample(DTYPES, 3) + ["int8"]:
            array = f"np.array([0, 1, 5], np.{dtype if dtype != 'bool' else 'bool_'})"
            cases[f"scalar_{k}_{dtype}"] = {"params": ["a", "s"], "expr": expr, "shapes": None,
                                            "calls": [f"({array}, {value})" for value in SCALARS + STRONG +
                                                      (BIG if "<" not in expr and "=" not in expr else [])]}
    for name, (params, body) in LOOPS.items():
        for dtype in LOOP_DTYPES:
            for n in (0, 3):
                array = f"np.arange({n}).astype(np.{dtype})"
                cases[f"loop_{name}_{dtype}_{n}"] = {"params": params.split(", "), "body": body, "shapes": None,
                                                     "calls": [f"({array}, {value})" for value in SCALARS]}
    # Python scalars divided by zero: Python's ZeroDivisionError, where it runs (not in a loop that never does)
    quotients = (("7", "0"), ("7", "2"), ("-7", "2"), ("7.0", "0.0"), ("True", "False"))
    cases["loop_quotient"] = {"params": ["x", "a", "b"], "shapes": None,
                              "body": "s = 0.0\n    for i in range(x.shape[0]):\n"
                                      "        s += x[i] * (a // b) + a % b + a / b\n    return s",
                              "calls": [f"(np.arange({n}.0), {a}, {b})" for n in (0, 3) for a, b in quotients]}
    cases["scalar_quotient"] = {"params": ["a", "s", "t"], "expr": "a + s / t", "shapes": None,
                                "calls": ["(np.ones(3), 1.0, 0.0)", "(np.ones(3), 3, 0)", "(np.ones(3), 3, 2)"]}
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(cases=json.dumps(CASES)), tmp_path_factory.mktemp("cache"), timeout=900)


@pytest.mark.parametrize("kind", ["sizes_1d", "symbolic_1d", "sizes_2d", "symbolic_2d", "scalar", "loop"])
def test_numpys_answer_or_numpys_exception(outcomes, kind):
    wrong = {k: v for k, v in outcomes.items() if k.startswith(kind) and v != "ok"}
    assert not wrong, wrong


def test_a_symbolic_kernel_serves_its_sizes_and_one_exact_version_each_edge(tmp_path, monkeypatch):
    """``x[1:] - x[:-1]`` at n == 0 runs a version for that exact shape (NumPy's empty result),
    once; every other size (1 included: both slices lie inside the axis) runs the symbolic kernel."""
    import numpy as np

    import shapecheck

    monkeypatch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path))
    source = tmp_path / "differences.py"
    source.write_text("def differences(x):\n    return x[1:] - x[:-1]\n")
    namespace: dict = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    compiled = shapecheck.jit(namespace["differences"], shapes={"x": ("n",)}, dtypes={"x": "f64"})
    for n in (5, 0, 7, 1, 0, 2):
        x = np.arange(n * 1.0) ** 2
        got = compiled(x)
        assert got.shape == (max(n - 1, 0),) and np.array_equal(got, x[1:] - x[:-1])
    assert compiled.compiles == 2   # the symbolic kernel, then n == 0's


def test_an_edge_version_that_does_not_compile_runs_that_call_as_python_with_fallback(tmp_path, monkeypatch):
    """With ``fallback=True``, a call outside the symbolic kernel's sizes whose exact version is
    unsupported runs as plain Python; the other calls keep the compiled kernel."""
    import numpy as np

    import shapecheck
    from shapecheck.ir import jit as jit_module

    monkeypatch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path))
    source = tmp_path / "differences.py"
    source.write_text("def differences(x):\n    return x[1:] - x[:-1]\n")
    namespace: dict = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    compiled = shapecheck.jit(namespace["differences"], shapes={"x": ("n",)}, dtypes={"x": "f64"}, fallback=True)
    specialize = jit_module.specialize

    def symbolic_only(fn, shapes, *args, **kwargs):
        if all(isinstance(d, int) for shape in shapes.values() for d in shape):
            raise jit_module.UnsupportedError("no exact version (a test)")
        return specialize(fn, shapes, *args, **kwargs)

    monkeypatch.setattr(jit_module, "specialize", symbolic_only)
    with pytest.warns(RuntimeWarning, match="as plain Python"):
        assert compiled(np.zeros(0)).shape == (0,)
    assert np.array_equal(compiled(np.arange(4.0)), np.ones(3)) and compiled._failed is None

