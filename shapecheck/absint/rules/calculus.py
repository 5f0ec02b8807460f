"""Numerical calculus on sampled arrays: ``gradient`` (one array per axis differentiated, each the
input's shape; one array alone for a 1-D input or a single axis), ``trapezoid``/``trapz`` (an
integral along an axis, -1 by default), ``digitize`` (a bin index per entry) and ``histogram2d``
(counts per pair of bins, and both edges). Source: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, List, Tuple, Value
from .args import bound_array, float_result, int_arg, is_none
from .kinds import reduction, same_shape

_integral = reduction("float")


def trapezoid(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("y", "x", "dx", "axis"))
    if "y" not in b:
        return UNKNOWN
    return _integral(ctx, Call(call.name, [b["y"], b.get("axis", Arg(Int(-1), "-1"))]))


def gradient(ctx: OpContext, call: Call) -> Value:
    f = bound_array(call.bind(("f",)), "f")
    if f is None:
        return UNKNOWN
    dims = f.shape.dims
    out = Array(f.shape, float_result(f.dtype))
    axis = call.kwargs.get("axis")
    if dims is None:
        return out if axis is not None and type(axis.value) is Int else UNKNOWN
    if len(dims) == 1 or (axis is not None and type(axis.value) is Int):
        return out
    count = len(axis.value.items) if axis is not None and type(axis.value) in (Tuple, List) and axis.value.items is not None else (
        len(dims) if axis is None or is_none(axis) else None)
    return Tuple((out,) * count) if count is not None else UNKNOWN


digitize = same_shape("int64", param="x")


def histogram2d(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("x", "y", "bins", "range", "density", "weights"))
    bins = b.get("bins")
    v = bins.value if bins is not None else None
    if bins is None:
        counts = (10, 10)
    elif type(v) in (Tuple, List) and v.items is not None and len(v.items) == 2 and all(type(i) is Int for i in v.items):
        counts = tuple(i.dim for i in v.items)
    else:
        n = int_arg(bins, ctx) if type(v) is Int else None
        counts = (n, n) if n is not None else (ctx.fresh("bins"), ctx.fresh("bins"))
    # the counts are float64 even unweighted (histogramdd's), the edges one more than the bins
    return Tuple((Array(Shape(counts), "float64"),) + tuple(Array(Shape((D.add(c, 1),)), "float64") for c in counts))
