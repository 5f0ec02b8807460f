"""``numpy.lib.stride_tricks``: ``sliding_window_view`` (every window of a shape over some axes, as a
view whose windowed axes shrink by window - 1 and whose window dims come last) and ``as_strided``.
Source: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Value
from .args import bound_array, int_dims, is_none, normalize_axis, shape_arg


def sliding_window_view(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("x", "window_shape", "axis"))
    x = bound_array(b, "x")
    if x is None:
        return UNKNOWN
    window = int_dims(b["window_shape"].value) if "window_shape" in b else None
    dims = x.shape.dims
    if window is None or dims is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if "axis" not in b or is_none(b["axis"]):
        if len(window) != len(dims):
            ctx.fail("SC107", f"{ctx.op}: Since axis is `None`, must provide window_shape for all dimensions of "
                              f"`x`; got {len(window)} window_shape elements and `x.ndim` is {len(dims)}.")
            return UNKNOWN
        axes = tuple(range(len(dims)))
    else:
        axes = int_dims(b["axis"].value)
        if axes is None or any(type(a) is not int for a in axes):
            return Array(UNKNOWN_SHAPE, x.dtype)
        if len(axes) != len(window):
            ctx.fail("SC107", f"{ctx.op}: Must provide matching length window_shape and axis; got {len(window)} "
                              f"window_shape elements and {len(axes)} axes elements.")
            return UNKNOWN
        axes = tuple(normalize_axis(ctx, a, len(dims)) for a in axes)
    out = list(dims)
    for ax, w in zip(axes, window):
        ctx.require(le(w, out[ax]), "SC107", lambda: f"{ctx.op}: window shape cannot be larger than input array shape")
        out[ax] = D.add(D.sub(out[ax], w), 1)
    return Array(Shape(tuple(out) + tuple(window)), x.dtype)


def as_strided(ctx: OpContext, call: Call) -> Value:
    """``as_strided(x, shape=None, strides=None, ...)``: a view of ``shape`` (``x``'s by default); its
    strides are trusted, as NumPy trusts them."""
    b = call.bind(("x", "shape", "strides", "subok", "writeable"))
    x = bound_array(b, "x")
    if x is None:
        return UNKNOWN
    if is_none(b.get("shape")):
        return x
    dims = shape_arg(ctx, b["shape"])
    return Array(UNKNOWN_SHAPE if dims is None else Shape(tuple(dims)), x.dtype)
