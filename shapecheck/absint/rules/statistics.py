"""NumPy's order statistics and averages that are more than a plain reduction: ``average`` (with
``returned=True`` a pair) and ``percentile``/``quantile`` (one result per q, in front)."""

from __future__ import annotations

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Tuple, Value
from .args import as_array
from .kinds import reduction

_AVERAGE = reduction("float", params=("a", "axis", "weights", "returned"), zero_d_axis=False)
_QUANTILE = reduction("float", params=("a", "q", "axis"))


def average(ctx: OpContext, call: Call) -> Value:
    """``average(a, axis, weights, returned)``: the mean; with ``returned=True`` (mean, sum of weights)."""
    result = _AVERAGE(ctx, call)
    returned = call.bind(("a", "axis", "weights", "returned")).get("returned")
    if returned is None or getattr(returned.value, "value", None) is False:
        return result
    if getattr(returned.value, "value", None) is True and type(result) is Array:
        return Tuple((result, Array(result.shape, result.dtype)))
    return UNKNOWN


def quantile(ctx: OpContext, call: Call) -> Value:
    """``quantile(a, q, axis)``: q's shape, then the reduced shape of ``a``."""
    result = _QUANTILE(ctx, call)
    q = call.bind(("a", "q")).get("q")
    qa = as_array(q.value) if q is not None else None
    if type(result) is not Array or qa is None or qa.shape.dims is None:
        return Array(UNKNOWN_SHAPE, "float64") if type(result) is Array else result
    reduced = result.shape
    return Array(Shape(qa.shape.dims + reduced.prefix, reduced.variadic, reduced.suffix), result.dtype)
