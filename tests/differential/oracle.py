"""The ground truth: run a generated program with real NumPy and record what it reveals and where it fails.

Only programs this package generated are executed (never code shapecheck analyses for a user).
Each top-level statement is compiled and run on its own so the failing line is the statement's
line, and ``reveal_shape`` is bound to a recorder that stores ``np.shape`` of its argument.

>>> outcome = run_program("import numpy as np\\nx = np.zeros((2, 3))\\nreveal_shape(x.T)\\ny = x @ x\\n")
>>> outcome.reveals, outcome.failure.line, outcome.failure.is_shape
({3: (3, 2)}, 4, True)
"""

from __future__ import annotations

import ast
import contextlib
import warnings
from dataclasses import dataclass, field

import numpy as np

# ValueError and IndexError are how NumPy reports shape problems (AxisError subclasses both).
SHAPE_ERRORS = (ValueError, IndexError, np.exceptions.AxisError)

# ValueErrors that are about values or flags, not shapes; a generated program must never hit one.
NOT_SHAPE_MESSAGES = (
    "truth value of an array",
    "Integers to negative integer powers",
    "zero-size array to reduction",
    "read-only",
    "could not convert",
    "invalid literal",
    "too many values to unpack",
    "not enough values to unpack",
    "Singular matrix",
    "not positive definite",
    "did not converge",
)


def is_shape_error(exc: BaseException) -> bool:
    """True when ``exc`` is NumPy refusing shapes (broadcast, axis, index, reshape, join, split...)."""
    if not isinstance(exc, SHAPE_ERRORS):
        return False
    text = str(exc)
    return not any(fragment in text for fragment in NOT_SHAPE_MESSAGES)


@contextlib.contextmanager
def quiet():
    """Silence NumPy's floating-point warnings (division by zero, overflow): shapes are all we want."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@dataclass(frozen=True)
class Failure:
    line: int
    type: str
    message: str
    is_shape: bool


@dataclass(frozen=True)
class Outcome:
    """What NumPy did: the shape revealed on each line it reached, and its first exception if any."""

    reveals: dict[int, tuple[int, ...]] = field(default_factory=dict)
    failure: Failure | None = None


def run_program(source: str) -> Outcome:
    """Execute a generated program statement by statement with ``reveal_shape`` recording shapes."""
    reveals: dict[int, tuple[int, ...]] = {}
    current_line = 0

    def reveal_shape(value):
        reveals[current_line] = tuple(int(d) for d in np.shape(value))
        return value

    namespace: dict = {"reveal_shape": reveal_shape, "__name__": "__differential__"}
    with quiet():
        for statement in ast.parse(source).body:
            current_line = statement.lineno
            code = compile(ast.Module([statement], type_ignores=[]), "<generated>", "exec")
            try:
                exec(code, namespace)  # our generated program, see the module docstring
            except Exception as exc:  # noqa: BLE001 - any exception is a fact to record
                failure = Failure(statement.lineno, type(exc).__name__, str(exc), is_shape_error(exc))
                return Outcome(reveals, failure)
    return Outcome(reveals, None)
