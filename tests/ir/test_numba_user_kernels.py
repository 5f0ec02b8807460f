"""Numba-style kernels people publish (``numba_user_kernels.py``), each compiled by
``shapecheck.jit`` in a child process (a crash fails one test, not the run) and called on seeded
inputs of several sizes and dtypes: the same values, dtypes and shapes as the function run as plain
Python, or the same exception type; a refusal must name the kernel's file and line, and is
allowed only where listed in ``REFUSED`` with the reason (issue 12, stop 29)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import numba_user_kernels as K
import shapecheck
from shapecheck.ir.jit import UnsupportedError

HERE = os.path.dirname(os.path.abspath(__file__))

# What the loop front end refuses, by design, with the reason a user reads (at the file's line).
REFUSED: dict[str, str] = {
    # random draws inside a kernel: Numba's own generator stream, no NumPy reference to agree with
    "monte_carlo_inside": "unsupported call 'np.random.random' in loop code",
}


def compare(got, expected, dtype) -> str | None:
    """None when ``got`` is ``expected`` (structure, shape, dtype kind and size, values), else why not."""
    if expected is None or got is None:
        return None if got is expected else f"{got!r} against {expected!r}"
    if isinstance(expected, tuple):
        if not isinstance(got, tuple) or len(got) != len(expected):
            return f"structure: {type(got).__name__} against {type(expected).__name__}"
        for g, e in zip(got, expected):
            why = compare(g, e, dtype)
            if why:
                return why
        return None
    python_number = type(expected) in (int, float, bool)   # Python's type here may hang on the data
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape:
        return f"shape {got.shape} against {expected.shape}"
    if got.dtype.kind != expected.dtype.kind or got.dtype != expected.dtype and not python_number:
        return f"dtype {got.dtype} against {expected.dtype}"
    if expected.dtype.kind in "iub":
        return None if np.array_equal(got, expected) else f"values {got!r} against {expected!r}"
    tol = 1e-4 if np.dtype(dtype) == np.float32 or expected.dtype == np.float32 else 1e-9
    if np.allclose(got, expected, rtol=tol, atol=tol, equal_nan=True):
        return None
    return f"values {got!r} against {expected!r}"


def _copies(args):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def run_case(name: str) -> dict:
    """Compile ``name`` and call it on every size and dtype; what happened, as JSON-able data."""
    kernel, make = K.CASES[name]
    compiled = shapecheck.jit(kernel)
    failures = []
    for dtype in K.DTYPES[name]:
        for n in K.SIZES:
            args = make(n, dtype, np.random.default_rng(1000 * n + len(dtype)))
            reference, given = _copies(args), _copies(args)
            try:   # what it returns, and its arguments after it (a kernel may write into them)
                expected = (kernel(*reference), *reference)
            except Exception as error:  # noqa: BLE001 - the reference's own exception
                expected = error
            try:
                got = (compiled(*given), *given)
            except UnsupportedError as error:
                return {"status": "refused", "message": str(error)}
            except Exception as error:  # noqa: BLE001
                if isinstance(expected, Exception) and type(error) is type(expected):
                    continue
                failures.append(f"{dtype} n={n}: raised {type(error).__name__}: {error}")
                continue
            if isinstance(expected, Exception):
                failures.append(f"{dtype} n={n}: returned where Python raised {expected!r}")
                continue
            why = compare(got, expected, dtype)
            if why:
                failures.append(f"{dtype} n={n}: {why}")
    return {"status": "wrong" if failures else "ok", "failures": failures[:4]}


def run_in_child(name: str, timeout: int = 300) -> dict:
    root = os.path.dirname(os.path.dirname(os.path.abspath(shapecheck.__file__)))
    source = (f"import sys, json; sys.path[:0] = [{root!r}, {HERE!r}]\n"
              "import test_numba_user_kernels as T\n"
              f"print(json.dumps(T.run_case({name!r})))")
    proc = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ, SHAPECHECK_CACHE_DIR="off"))
    if proc.returncode != 0:
        return {"status": "crash", "message": f"rc={proc.returncode}: {proc.stderr[-2000:]}"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", sorted(K.CASES))
def test_kernel_agrees_with_plain_python(name):
    result = run_in_child(name)
    if name in REFUSED:
        assert result["status"] == "refused", result
        assert REFUSED[name] in result["message"], result["message"]
        assert "numba_user_kernels.py): line " in result["message"], result["message"]
        return
    assert result["status"] == "ok", result


if __name__ == "__main__":  # python tests/ir/test_numba_user_kernels.py [NAME ...]: a table
    for case in sys.argv[1:] or sorted(K.CASES):
        print(case, json.dumps(run_in_child(case)), flush=True)
