"""Numerical calculus on sampled arrays: ``gradient`` (one array per axis differentiated, each the
input's shape; one array alone for a 1-D input or a single axis), ``trapezoid``/``trapz`` (an
integral along an axis, -1 by default), ``digitize`` (a bin index per entry), ``histogram2d``
(counts per pair of bins, and both edges) and ``ediff1d`` (the differences of the flattened array). Source: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import ge
from ...constraints.shapes import Shape
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, List, Tuple, Value
from .args import as_array, bound_array, float_result, int_arg, is_none
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


def ediff1d(ctx: OpContext, call: Call) -> Value:
    """``ediff1d(ary, to_end=None, to_begin=None)``: the ``size - 1`` differences of ``ary`` flattened
    (none of an empty one), with ``to_begin`` and ``to_end`` flattened around them."""
    b = call.bind(("ary", "to_end", "to_begin"))
    a = bound_array(b, "ary")
    if a is None:
        return UNKNOWN
    dims = a.shape.dims
    size = None if dims is None else D.product(dims)
    if size is None:
        parts = [ctx.fresh("n")]
    else:   # (``n - 1`` where the array is known not empty, as it usually is)
        parts = [D.sub(size, 1) if ctx.decide(ge(size, 1)) is Verdict.HOLDS else D.dmax(D.sub(size, 1), 0)]
    for name in ("to_begin", "to_end"):
        if not is_none(b.get(name)):
            extra = as_array(b[name].value)
            extra_dims = None if extra is None else extra.shape.dims
            parts.append(ctx.fresh("n") if extra_dims is None else D.product(extra_dims))
    length = parts[0]
    for part in parts[1:]:
        length = D.add(length, part)
    return Array(Shape((length,)), a.dtype)
