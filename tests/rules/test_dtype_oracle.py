"""The dtypes the rules give, against the libraries' own: NumPy here, torch in an interpreter that has
it (``SHAPECHECK_TORCH_PYTHON``). Python scalars count by kind alone (NEP 50; torch's rule alike, with
float32 its default float type), ``sum``/``cumsum`` accumulate narrow ints in int64, true division and
``mean`` of ints are floats, and torch's 0-d tensors yield to dimensioned ones of their kind."""

from __future__ import annotations

import json
import subprocess

import numpy as np
import pytest

from shapecheck.api import check_source
from tests.torch_oracle.compare import torch_python

#: the operands every expression may name, by dtype
_OPERANDS = {"b": "bool", "i8": "int8", "i32": "int32", "i64": "int64", "u8": "uint8", "h": "float16",
             "f32": "float32", "f64": "float64"}


def _prelude(library: str) -> str:
    return f"import {library}\n" + "".join(
        f"{name} = {library}.ones(3, dtype={library}.{dtype})\n" for name, dtype in _OPERANDS.items())


_NUMPY_ARRAYS = _prelude("numpy").replace("numpy", "np").replace("import np", "import numpy as np")


NUMPY = [
    "i64 * 0.5", "i64 / 2", "i32 + 1.5", "f32 * 2.0", "f32 * 2", "b + 1", "b + True", "b * 1.5", "i8 * 3",
    "i64 ** 2", "i64 ** -1.0", "f32 + f64", "i32 + i64", "u8 + i8", "f32 + np.float64(1)", "i64 // 2",
    "b.sum()", "i8.sum()", "i32.sum(axis=0)", "u8.sum()", "f32.sum()", "np.sum(b)", "np.prod(i32)",
    "np.cumsum(b)", "np.cumsum(i8)", "i64.mean()", "f32.mean()", "np.exp(i64)", "np.exp(f32)", "np.sqrt(b)",
    "i64 > 0.5", "np.where(b, i64, 0.5)", "np.maximum(i32, 2.5)", "np.abs(i8)", "-u8", "i64 @ i64",
    "f32 @ f32", "np.dot(i64, f32)", "np.clip(i32, 0, 2)", "np.linalg.norm(i64)",
]


def _revealed_dtypes(prelude: str, expressions: list[str]) -> list[str | None]:
    source = prelude + "".join(f"reveal_shape({e})\n" for e in expressions)
    report = check_source(source, "dtypes.py")
    first = len(prelude.splitlines()) + 1
    out: list[str | None] = [None] * len(expressions)
    for d in report.diagnostics:
        if d.code == "SC301" and first <= d.line < first + len(expressions):
            out[d.line - first] = d.message.split("dtype: ", 1)[1] if "dtype: " in d.message else None
    return out


@pytest.mark.parametrize("expression", NUMPY)
def test_numpy_dtype(expression: str) -> None:
    env: dict = {}
    exec(_NUMPY_ARRAYS, env)
    want = str(np.asarray(eval(expression, env)).dtype)
    assert _revealed_dtypes(_NUMPY_ARRAYS, [expression]) == [want], expression


_TORCH_TENSORS = _prelude("torch")

TORCH = [
    "i64 * 0.5", "0.5 * i64", "i64 / 2", "i32 + 1.5", "i64 + 1", "b + 1", "b * 1.5", "f32 * 2", "h * 2.0",
    "h + torch.tensor(2.0)", "i8 + torch.tensor(2.0)", "i32 + torch.tensor(5)", "f32 + f64", "i32 + i64",
    "b.sum()", "i8.sum()", "i32.sum(0)", "u8.sum()", "f32.sum()", "torch.cumsum(i32, 0)", "torch.eye(3)",
    "torch.full((2,), 1.0)", "torch.full((2,), 1)", "torch.arange(5.0)", "torch.linspace(0, 1, 5)",
    "torch.tensor([1, 2]) // 2", "torch.tensor([1, 2]) * 2.5", "torch.exp(f64)", "torch.sigmoid(h)",
    "torch.where(f32 > 0.5, 1.0, 0.0)", "torch.zeros(3, dtype=torch.long) + 1.5", "f32 > 0.5",
    "torch.nn.functional.one_hot(torch.arange(3))", "torch.randint(0, 3, (3,)).float().mean()",
]


@pytest.fixture(scope="module")
def torch_dtypes() -> dict[str, str]:
    python = torch_python()
    if python is None:
        pytest.skip("torch is not importable (set SHAPECHECK_TORCH_PYTHON to an interpreter that has it)")
    program = _TORCH_TENSORS + (
        f"import json\nprint(json.dumps({{e: str(eval(e).dtype).replace('torch.', '') for e in {TORCH!r}}}))\n")
    done = subprocess.run([python, "-c", program], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("expression", TORCH)
def test_torch_dtype(expression: str, torch_dtypes: dict[str, str]) -> None:
    assert _revealed_dtypes(_TORCH_TENSORS, [expression]) == [torch_dtypes[expression]], expression
