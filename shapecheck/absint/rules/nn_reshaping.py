"""Layers that only move dims around: ``nn.Flatten``, ``nn.Unflatten``, ``nn.Upsample`` (and
``F.interpolate``), ``nn.PixelShuffle`` and ``nn.PixelUnshuffle`` (and their functional forms)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Int, List, Tuple, Value
from .args import bound_array, const_int, spec_dims
from .manipulation import flatten_shape, unflatten_shape
from .nn_args import layer_input, layer_param, per_dim


def flatten_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, arg = layer_input(call)
    if x is None:
        return UNKNOWN
    return flatten_shape(ctx, x, const_int(Arg(layer_param(m, "start_dim", Int(1)))),
                         const_int(Arg(layer_param(m, "end_dim", Int(-1)))))


def unflatten_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, arg = layer_input(call)
    if x is None:
        return UNKNOWN
    return unflatten_shape(ctx, x, m.param("dim"), m.param("unflattened_size"))


def upsample_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, _ = layer_input(call)
    return UNKNOWN if x is None else interpolate_shape(ctx, x, m.param("size"), m.param("scale_factor"))


def interpolate_shape(ctx: OpContext, x: Array, size: Value | None, scale: Value | None) -> Value:
    """interpolate/Upsample on (N, C, *spatial): spatial dims become ``size``, or floor(L * scale).
    A size or scale per spatial dim fixes the rank of an input whose rank is unknown."""
    dims = x.shape.dims
    count = next((len(v.items) for v in (size, scale) if type(v) in (Tuple, List) and v.items is not None), None)
    if dims is None and count:
        dims = spec_dims(ctx, x.shape, count + 2, lambda i: ctx.fresh("l"))
        x = Array(Shape(dims), x.dtype, tensor=x.tensor) if dims is not None else x
    if dims is None or len(dims) < 3:
        return Array(UNKNOWN_SHAPE, x.dtype) if dims is None or len(dims) >= 3 else x
    nd = len(dims) - 2
    if size is not None and size is not NONE:
        target = per_dim(size, nd)
        return Array(Shape(dims[:2] + (target if target is not None else tuple(ctx.fresh("l") for _ in range(nd)))),
                     x.dtype)
    factors = per_dim(scale, nd) if type(scale) is not Tuple or scale.items is None else (
        tuple(i.dim if type(i) is Int else None for i in scale.items))
    if factors is None or any(f is None for f in factors):
        return Array(Shape(dims[:2] + tuple(ctx.fresh("l") for _ in range(nd))), x.dtype)
    return Array(Shape(dims[:2] + tuple(D.mul(d, f) for d, f in zip(dims[2:], factors))), x.dtype)


def functional_interpolate(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "size", "scale_factor"))
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    value = lambda k: b[k].value if k in b else None  # noqa: E731
    return interpolate_shape(ctx, x, value("size"), value("scale_factor"))


def pixel_shuffle_shape(x: Array, factor: Value | None, up: bool) -> Value:
    """``pixel_shuffle`` on (*, C*r*r, H, W) gives (*, C, H*r, W*r); ``pixel_unshuffle`` the inverse
    (the PyTorch reference, torch.nn.PixelShuffle). An input of unknown rank keeps the last three."""
    r = factor.dim if type(factor) is Int else None
    shape = x.shape
    tail = shape.dims[-3:] if shape.dims is not None else (shape.suffix[-3:] if len(shape.suffix) >= 3 else None)
    if r is None or tail is None or len(tail) < 3:
        return Array(UNKNOWN_SHAPE, x.dtype, tensor=x.tensor)
    c, h, w = tail
    square = D.mul(r, r)
    tail = (D.floordiv(c, square), D.mul(h, r), D.mul(w, r)) if up else (D.mul(c, square), D.floordiv(h, r),
                                                                         D.floordiv(w, r))
    if shape.dims is not None:
        return Array(Shape(shape.dims[:-3] + tail), x.dtype, tensor=x.tensor)
    return Array(Shape(shape.prefix, True, shape.suffix[:-3] + tail, shape.middle), x.dtype, tensor=x.tensor)


def pixel_shuffle_layer(up: bool):
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, _ = layer_input(call)
        if x is None:
            return UNKNOWN
        return pixel_shuffle_shape(x, m.param("upscale_factor" if up else "downscale_factor"), up)
    return rule


def functional_pixel_shuffle(up: bool):
    factor = "upscale_factor" if up else "downscale_factor"

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("input", factor))
        x = bound_array(b, "input")
        if x is None:
            return UNKNOWN
        return pixel_shuffle_shape(x, b[factor].value if factor in b else None, up)
    return rule
