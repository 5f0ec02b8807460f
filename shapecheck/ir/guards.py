"""What a call must satisfy for a compiled specialization to compute what NumPy computes.

The front end finds two kinds while tracing; the dispatcher (``jit``) and the runtime check them
before any compiled code runs.

- **Sizes** (``Guards.sizes``): a symbolic program's shapes are exact only where its slice bounds
  lie inside their axes, its integer indices inside theirs, and the axes a max/min reduces are not
  empty: ``x[1:]`` has ``n-1`` elements for ``n >= 1`` only (NumPy gives 0 at ``n == 0``), ``x[0]``
  is an ``IndexError`` at ``n == 0``, ``x.max()`` a ``ValueError``. Each guard is a dim over the
  shape variables that must be ``>= 0``. The native entry hands a call outside them to the Python
  path, which raises :class:`OutsideSizes`; the dispatcher then runs a specialization for the
  call's exact shapes, traced by NumPy's rules (an empty result, or NumPy's exception).
- **Python scalars** (``Guards.scalars``): NumPy 2 (NEP 50) computes ``y * 2`` of a Python ``y``
  as Python does (exactly, or ``ZeroDivisionError``), and converts the value where it meets an
  array to the dtype of the loop NumPy picks, raising ``OverflowError`` when that dtype cannot
  hold it (``int8_array + 300``). So the front end does not compile arithmetic among Python
  scalars where it meets an array: each such scalar is an input of the program the call computes
  (:func:`scalar_inputs`): its expression (a tree over the arguments) evaluated by Python's own
  operators, converted by NumPy (``np.asarray(value, dtype)``), so the value, and any exception,
  are NumPy's. A scalar returned as the result is only checked that way (compiled as int64).

References: NEP 50 (https://numpy.org/neps/nep-0050-scalar-promotion.html); NumPy's reductions
without identity ("zero-size array to reduction operation maximum which has no identity").
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Mapping

import numpy as np

from shapecheck.constraints import dims

from .dtypes import CODES

__all__ = ["Guards", "ScalarGuard", "OutsideSizes", "PYTHON_OPS", "scalar_inputs", "outside_sizes"]


class OutsideSizes(ValueError):
    """A call whose shapes lie outside the sizes a symbolic program computes exactly."""


# The ops a Python scalar expression may hold: Python's own operators (exact ints, IEEE floats
# that raise ZeroDivisionError), as NumPy sees the value the expression produces.
PYTHON_OPS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
              "pow": operator.pow, "neg": operator.neg, "abs": abs, "maximum": max, "minimum": min}


@dataclass(frozen=True)
class ScalarGuard:
    """A Python scalar expression (``("arg", k)``, ``("const", v)`` or ``(op, *operands)``) and
    the dtype code of the loop input it meets an array as (or its own, as a result)."""

    expr: tuple
    dtype: str
    input: bool = True      # an input of the program (after the arguments); else a check only


@dataclass(frozen=True)
class Guards:
    sizes: tuple = ()       # dims over the shape variables, each >= 0 where the program is exact
    scalars: tuple = ()     # ScalarGuard per Python scalar expression meeting an array, inputs first

    def __bool__(self) -> bool:
        return bool(self.sizes or self.scalars)


def outside_sizes(sizes: tuple, env: Mapping[str, int]) -> bool:
    """Whether shape-variable values ``env`` (by dim symbol) break a size guard."""
    return any(dims.evaluate(d, env) < 0 for d in sizes)


def evaluate(expr: tuple, arguments: tuple):
    """The value of a scalar expression, computed by Python (its exceptions are the call's)."""
    kind = expr[0]
    if kind == "arg":
        return arguments[expr[1]]
    if kind == "const":
        return expr[1]
    return PYTHON_OPS[kind](*(evaluate(e, arguments) for e in expr[1:]))


def scalar_inputs(guards: tuple, arguments: tuple) -> tuple:
    """The program's scalar inputs for a call (``arguments``: every argument's value, Python
    scalars as Python numbers): 0-d arrays of NumPy's conversion of each expression's value,
    raising what NumPy (or Python) raises for them."""
    inputs = []
    for guard in guards:
        value = np.asarray(evaluate(guard.expr, arguments), CODES[guard.dtype])
        if guard.input:
            inputs.append(value)
    return tuple(inputs)
