"""A seeded differential test of NumPy's dtype rules: every op kind (elementwise unary and
binary, comparisons, reductions, matmul, where, casts; in loop code too: reductions whole and along
axes, argmax/argmin, running sums) on every dtype NumPy promotes, compiled by
``shapecheck.jit`` and run by NumPy; the results must agree in dtype exactly and in value (ints
and bools exactly, floats to rounding); boolean masks, selections, gathers and arrays whose size the
data decides too. Where NumPy refuses an operation (``-bool_array``), or a
dtype is one the compiler does not have, the jit must raise a TypeError, never answer wrongly.
Issue 12, item 1.

The cases run in a fresh subprocess (a crash fails the test, not the test run).
"""

from __future__ import annotations

import random
import textwrap

import pytest
from child_process import run_json_child

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"]
UNARY = {"neg": "-a", "abs": "np.abs(a)", "exp": "np.exp(a)", "sqrt": "np.sqrt(np.abs(a))",
         "floor": "np.floor(a)", "tanh": "np.tanh(a)", "square": "a ** 2"}
BINARY = {"add": "a + b", "sub": "a - b", "mul": "a * b", "div": "a / b", "maximum": "np.maximum(a, b)",
          "minimum": "np.minimum(a, b)", "less": "a < b", "equal": "a == b", "greater_equal": "a >= b",
          "matmul": "a @ b.T", "where": "np.where(a > b, a, b)", "scalar": "a * 3 + b"}
REDUCE = {"sum1": "a.sum(axis=1)", "sum": "a.sum()", "mean0": "a.mean(axis=0)", "max1": "a.max(axis=1)",
          "min": "np.min(a)"}
CASTS = {f"cast_{d}": f"a.astype(np.{d if d != 'bool' else 'bool_'})" for d in DTYPES}
# What loop code computes (a body of statements, or an expression the graph IR leaves to loop code)
LOOPS = {"rows_sum": "out = np.zeros(a.shape[0])\nfor i in range(a.shape[0]):\n    out[i] = a[i].sum()\nreturn out",
         "rows_argmax": "out = np.zeros(a.shape[0], dtype=np.int64)\nfor i in range(a.shape[0]):\n"
                        "    out[i] = np.argmax(a[i]) + a[i].argmin()\nreturn out",
         "axes": "t = a.sum(axis=0)\nfor i in range(2):\n    t = t + a.max(axis=0) - a.min(axis=0, keepdims=True)[0]\n"
                 "return t",
         "axis_mean": "m = a.mean(axis=1)\nfor i in range(1):\n    m = m * 1\nreturn m",
         "axis_argmin": "k = np.argmin(a, axis=0)\nfor i in range(1):\n    k = k + 0\nreturn k",
         "running": "c = np.cumsum(a, axis=1)\nfor i in range(1):\n    c = c * 1\nreturn c",
         "whole_argmax": "np.argmax(a, axis=1)", "whole_cumsum": "np.cumsum(a)", "whole_cumprod0": "np.cumprod(a, axis=0)",
         # loop code's library: sorting, truth reductions, spreads, differences, joins, roundings
         "whole_sort": "np.sort(a)", "whole_sort0": "np.sort(a, axis=0)", "whole_argsort": "np.argsort(a, kind='stable')",
         "whole_search": "np.searchsorted(np.sort(a.ravel()), b.ravel(), side='right')",
         "whole_any": "np.any(a, axis=0)", "whole_all": "a.all(axis=1)", "whole_count": "np.count_nonzero(a, axis=1)",
         "whole_prod": "a.prod(axis=1)", "whole_var": "np.var(a, axis=0)", "whole_std": "a.std(ddof=1)",
         "whole_median": "np.median(a)", "whole_diff": "np.diff(a, axis=1)", "whole_outer": "np.outer(a[0], b[1])",
         "whole_join": "np.concatenate((a, b), axis=1)", "whole_round": "np.round(a, 1)", "whole_sign": "np.sign(a)",
         "whole_floor": "np.floor(a)", "whole_rint": "np.rint(a)", "whole_norm": "np.linalg.norm(a)",
         "whole_trace": "np.trace(a)",
         # masks, selections, gathers and sizes the data decides (``loopmasks``)
         "mask_store": "c = a.copy()\nc[a > b] = b[a > b]\nc[a < b] += 1\nreturn c", "mask_sum": "a[a > b].sum()",
         "mask_mean0": "a[a[:, 0] >= b[:, 0]].mean(axis=0)", "mask_max": "a[a >= b].max() if np.any(a >= b) else a.max()",
         "mask_where": "np.sum(a, axis=1, where=a > b)", "mask_made": "a[a > b]", "mask_nonzero": "np.nonzero(a)[1]",
         "mask_unique": "np.unique(a)", "mask_gather": "a[np.argsort(b[:, 0], kind='stable')]"}

CHILD = textwrap.dedent('''
    import importlib, json, os, sys, tempfile
    import numpy as np
    import shapecheck

    cases = json.loads({cases!r})
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "dtype_cases.py"), "w") as f:
        f.write("import numpy as np\\n")
        for key, (expr, _, _) in cases.items():
            body = expr if "\\n" in expr else "return " + expr
            f.write(f"\\ndef {{key}}(a, b):\\n" + "".join("    " + line + "\\n" for line in body.split("\\n")))
    sys.path.insert(0, folder)
    module = importlib.import_module("dtype_cases")
    rng = np.random.default_rng(12)

    def sample(dtype):
        dtype = np.dtype(dtype)
        if dtype == np.bool_:
            return rng.random((3, 4)) < 0.5
        if dtype.kind == "u":
            return rng.integers(1, 60, (3, 4)).astype(dtype)
        if dtype.kind == "i":
            return rng.integers(-40, 40, (3, 4)).astype(dtype)
        return (rng.standard_normal((3, 4)) * 3).astype(dtype)

    out = {{}}
    for key, (expr, da, db) in cases.items():
        a, b = sample(da), sample(db)
        fn = getattr(module, key)
        try:
            with np.errstate(all="ignore"):
                expected = fn(a, b)
        except TypeError:
            expected = None
        numpy_dtype = "-" if expected is None else str(np.asarray(expected).dtype)
        try:
            with np.errstate(all="ignore"):
                got = shapecheck.jit(fn)(a, b)
        except (TypeError, ValueError) as error:
            out[key] = "refused" if isinstance(error, TypeError) else "ValueError: " + str(error)
            if expected is not None:
                out[key] += f" ({{numpy_dtype}}): " + str(error)[-160:]
            continue
        if expected is None:
            out[key] = "WRONG: answered where NumPy refuses"
            continue
        expected, got = np.asarray(expected), np.asarray(got)
        if got.dtype != expected.dtype:
            out[key] = f"WRONG dtype {{got.dtype}}, NumPy {{expected.dtype}}"
        elif got.shape != expected.shape:
            out[key] = f"WRONG shape {{got.shape}}, NumPy {{expected.shape}}"
        elif expected.dtype.kind in "iub" and not np.array_equal(got, expected):
            out[key] = "WRONG values"
        elif expected.dtype.kind == "f" and not np.allclose(
                got, expected, rtol=2e-6 if expected.dtype == np.float32 else 1e-12, equal_nan=True,
                # sums (matmul, reductions) round differently in another order: to the scale of the terms
                atol=(1e-5 if expected.dtype == np.float32 else 1e-12) * float(np.max(np.abs(expected), initial=1.0))):
            out[key] = "WRONG values"
        else:
            out[key] = "ok"
    print(json.dumps(out))
''')


def _cases() -> dict:
    cases = {}
    for op, expr in UNARY.items():
        for d in DTYPES:
            cases[f"{op}__{d}"] = (expr, d, d)
    for op, expr in {**REDUCE, **CASTS, **LOOPS}.items():
        for d in DTYPES:
            cases[f"{op}__{d}"] = (expr, d, d)
    # Promotion: every pair of dtypes through one arithmetic op and one comparison; every other
    # binary op on every dtype with itself and on a seeded sample of mixed pairs.
    rng = random.Random(12)
    pairs = [(da, db) for da in DTYPES for db in DTYPES if da != db]
    for op, expr in BINARY.items():
        chosen = pairs if op in ("add", "less") else rng.sample(pairs, 6)
        for da, db in [(d, d) for d in DTYPES] + chosen:
            cases[f"{op}__{da}__{db}"] = (expr, da, db)
    return cases


CASES = _cases()
SUPPORTED = set(DTYPES)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    import json
    return run_json_child(CHILD.format(cases=json.dumps(CASES)), tmp_path_factory.mktemp("cache"), timeout=900)


def test_no_case_answers_wrongly(outcomes):
    wrong = {k: v for k, v in outcomes.items() if v.startswith("WRONG")}
    assert not wrong, wrong


def test_supported_dtypes_are_compiled(outcomes):
    """Every case whose operands and NumPy's result are dtypes the compiler has compiles."""
    refused = {k: v for k, v in outcomes.items() if set(CASES[k][1:]) <= SUPPORTED
               and v.startswith("refused (") and v.split("(")[1].split(")")[0] in SUPPORTED}
    assert not refused, refused


def test_other_dtypes_are_refused_clearly(outcomes):
    for key, (_, da, db) in CASES.items():
        if not {da, db} <= SUPPORTED:
            assert outcomes[key] == "ok" or outcomes[key].startswith("refused"), (key, outcomes[key])
