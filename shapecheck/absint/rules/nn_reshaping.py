"""Layers that only move dims around: ``nn.Flatten``, ``nn.Unflatten``, ``nn.Upsample`` (and
``F.interpolate``)."""

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
