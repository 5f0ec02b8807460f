"""NumPy's order statistics and averages that are more than a plain reduction: ``average`` (with
``returned=True`` a pair), ``percentile``/``quantile`` (one result per q, in front) and ``histogram``."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Tuple, Value
from .args import as_array, int_arg
from .kinds import reduction

_AVERAGE = reduction("float", params=("a", "axis", "weights", "returned"), zero_d_axis=False)
_QUANTILE = reduction("float", params=("a", "q", "axis"))


def average(ctx: OpContext, call: Call) -> Value:
    """``average(a, axis, weights, returned)``: the mean; with ``returned=True`` (mean, sum of weights)."""
    result = _AVERAGE(ctx, call)
    returned = call.bind(("a", "axis", "weights", "returned")).get("returned")
    if returned is None or flag(returned.value, None) is False:
        return result
    if flag(returned.value, None) is True and type(result) is Array:
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


def histogram(ctx: OpContext, call: Call) -> Value:
    """``histogram(a, bins=10, range=None, density=None, weights=None)``: the counts, one per bin, and
    the bin edges, one more; ``bins`` a count, or the edges themselves (an array), or a method's
    name (``"auto"``: a count known only from the data)."""
    b = call.bind(("a", "bins", "range", "density", "weights"))
    bins = b.get("bins")
    edges = as_array(bins.value) if bins is not None else None
    if bins is None:
        count = 10
    elif edges is not None and edges.shape.dims is not None and len(edges.shape.dims) == 1:
        count = D.sub(edges.shape.dims[0], 1)
    else:
        count = int_arg(bins, ctx)
        if count is None:
            count = ctx.fresh("bins")
    weighted = any(b.get(k) is not None and getattr(b[k].value, "value", True) not in (None, False)
                   for k in ("density", "weights"))
    return Tuple((Array(Shape((count,)), "float64" if weighted else "int64"),
                  Array(Shape((D.add(count, 1),)), "float64")))
