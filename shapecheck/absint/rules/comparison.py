"""Whole-array comparisons that answer one bool: ``allclose(a, b)`` (whose operands must broadcast)."""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.values import Bool, Value
from .kinds import ufunc

_ISCLOSE = ufunc(2, "bool")


def allclose(ctx: OpContext, call: Call) -> Value:
    """``allclose(a, b)`` is ``all(isclose(a, b))``: a and b must broadcast (ValueError otherwise)."""
    _ISCLOSE(ctx, call)
    return Bool()
