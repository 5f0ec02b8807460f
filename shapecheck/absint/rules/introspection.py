"""Functions that report on an array rather than compute one: ``np.shape``, ``np.size``, ``np.ndim``."""

from __future__ import annotations

from ...constraints import dims as D
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Int, Tuple, Value
from .args import as_array


def shape_of(ctx: OpContext, call: Call) -> Value:
    """``np.shape(a)``: a tuple of its dims."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return UNKNOWN
    return Tuple(tuple(Int(d) for d in a.shape.dims))


def size_of(ctx: OpContext, call: Call) -> Value:
    """``np.size(a)``: the product of its dims (``np.size(a, axis)`` is not modelled)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None or len(call.args) > 1 or call.kwargs:
        return UNKNOWN
    return Int(D.product(a.shape.dims))


def ndim_of(ctx: OpContext, call: Call) -> Value:
    """``np.ndim(a)``: its rank."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    return Int(a.shape.rank)
