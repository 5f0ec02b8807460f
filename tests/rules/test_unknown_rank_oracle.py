"""NumPy decides what an op does to an array of unknown rank: the shape a rule gives a parameter's
``(*x)`` (``(x.shape[0], 1, *x[2:])``) is read as a function of x's shape and compared, for every
rank from 1 to 5 and a few sizes, with the shape NumPy gives the op on an array of that shape.
Where NumPy raises, the analysis may say anything (the code cannot run with that x); where the
revealed shape is not exact for every rank (``...``, unknown), there is nothing to compare."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from shapecheck.api import check_source

#: NumPy expressions of one array ``x`` of unknown rank.
EXPRESSIONS = [
    "np.mean(x, axis=0)", "np.sum(x, axis=1)", "np.sum(x, axis=1, keepdims=True)", "np.max(x, axis=-1)",
    "np.sum(x, axis=(1, 2))", "np.sum(x, axis=(-1, -2))", "np.argmax(x, axis=1)", "np.std(x, axis=-2)",
    "x[:, 0]", "x[:, 1:]", "x[:, :2]", "x[..., 0]", "x[..., :3]", "x[:, None]", "x[None]", "x[..., None]",
    "x[1:, ::2]", "x[:, :, 0]",
    "np.expand_dims(x, 0)", "np.expand_dims(x, 1)", "np.expand_dims(x, -1)", "np.expand_dims(x, -2)",
    "np.swapaxes(x, 0, 1)", "np.swapaxes(x, 1, 2)", "np.swapaxes(x, -1, -2)",
    "np.concatenate([x, x], axis=1)", "np.concatenate([x, x], axis=-1)", "np.concatenate([x[:, :1], x], axis=1)",
    "np.stack([x, x])", "np.stack([x, x], axis=1)", "np.stack([x, x], axis=-1)",
    "x - np.mean(x, axis=1, keepdims=True)", "np.mean(x, axis=0) + np.mean(x, axis=0)",
    "x * np.sum(x, axis=-1, keepdims=True)", "np.einsum('...ij->...ji', x)", "np.einsum('i...->...', x)",
    "np.cumsum(x, axis=1)", "np.sort(x, axis=0)",
]

SIZES = (2, 3, 5)


def _revealed(expression: str) -> str:
    source = f"import numpy as np\n\n\ndef f(x):\n    reveal_shape({expression})\n"
    report = check_source(source, "oracle.py")
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert not errors, f"{expression}: {errors}"
    shown = [d.message for d in report.diagnostics if d.code == "SC301"]
    assert shown, f"{expression}: no reveal"
    return shown[0].split("reveal_shape: shape: ", 1)[1].split(", dtype:")[0]


def _as_function(shown: str):
    """``(x.shape[0], 1, *x[2:])`` as a function of x's concrete shape S, or None when the shape is
    not exact for every rank (``?``, an anonymous middle ``...``, a dim the analysis made up)."""
    if not shown.startswith("(") or "..." in shown:
        return None
    code = re.sub(r"\*x\b", "*S", shown[1:-1].replace("x.shape[", "S[")).rstrip(",")
    if set(re.findall(r"[A-Za-z_]\w*", code)) - {"S", "min", "max"}:
        return None
    return lambda S: eval(f"({code},)" if code else "()", {"min": min, "max": max}, {"S": S})


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_unknown_rank_rule_agrees_with_numpy(expression: str) -> None:
    shown = _revealed(expression)
    shape_of = _as_function(shown)
    if shape_of is None:
        pytest.skip(f"{expression} is {shown}: not exact for every rank")
    compared = 0
    for rank in range(1, 6):
        for dims in itertools.product(SIZES, repeat=rank):
            x = np.empty(dims)
            try:
                expected = eval(expression, {"np": np}, {"x": x}).shape
            except (ValueError, IndexError, np.exceptions.AxisError):
                continue
            assert shape_of(dims) == expected, f"{expression} is {shown}: for x of shape {dims} NumPy gives {expected}"
            compared += 1
    assert compared, f"{expression}: NumPy raised for every shape tried"
