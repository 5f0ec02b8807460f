"""Layers that only move dims around: ``nn.Flatten``, ``nn.Unflatten``, ``nn.Upsample`` (and
``F.interpolate``), ``nn.PixelShuffle`` and ``nn.PixelUnshuffle``, ``nn.Unfold`` and ``nn.Fold`` (and
their functional forms)."""

from __future__ import annotations

import math
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import FALSE, conj, eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Float, Int, List, Tuple, Value
from .args import bound_array, const_int, spec_dims
from .kinds import Rule
from .manipulation import flatten_shape, unflatten_shape
from .nn_args import Dims, layer_input, layer_param, per_dim, require_divisible
from .nn_convolution import require_window, split_spatial, window_out


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
    items = scale.items if type(scale) in (Tuple, List) else (scale,) * nd
    if items is None or len(items) != nd:
        items = (None,) * nd
    return Array(Shape(dims[:2] + tuple(_scaled(ctx, d, f) for d, f in zip(dims[2:], items))), x.dtype)


def _scaled(ctx: OpContext, length: D.Dim, factor: Value | None) -> D.Dim:
    """floor(length * factor), as torch computes an output size from a scale factor (in double
    precision): exact for an int factor, for 1/k (0.5, 0.25: a floor division) and for a known length."""
    if type(factor) is Int:
        return D.mul(length, factor.dim)
    f = factor.value if type(factor) is Float else None
    if f is not None and f > 0:
        if isinstance(length, int):
            return math.floor(length * f)
        if f.is_integer():
            return D.mul(length, int(f))
        k = 1 / f
        if k.is_integer() and 1 / k == f:
            return D.floordiv(length, int(k))
    return ctx.fresh("l")


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


#: Unfold's and Fold's parameters after the input (and Fold's output_size), in torch's order.
_SLIDING = ("kernel_size", "dilation", "padding", "stride")

#: unfold_shape or fold_shape: (ctx, input, its argument, parameter values by name) -> the result.
Sliding = Callable[[OpContext, Array, Arg, dict], Value]


def _blocks(ctx: OpContext, spatial: Dims, window: tuple[Dims | None, ...]) -> D.Dim | None:
    """How many sliding blocks fit in ``spatial``: each dim's count by the convolution formula,
    multiplied (the ``L`` of the Unfold reference); None when the window is not known."""
    kernel, dilation, padding, stride = window
    if kernel is None or dilation is None or padding is None or stride is None:
        return None
    blocks: D.Dim = 1
    for axis, (length, k, d, p, s) in enumerate(zip(spatial, kernel, dilation, padding, stride)):
        require_window(ctx, length, k, p, d, axis)
        blocks = D.mul(blocks, window_out(length, k, s, p, d))
    return blocks


def _window(values: dict) -> tuple[Dims | None, ...]:
    defaults = {"dilation": 1, "padding": 0, "stride": 1}
    return tuple(per_dim(values.get(name), 2, defaults.get(name)) for name in _SLIDING)


def unfold_shape(ctx: OpContext, x: Array, x_arg: Arg, values: dict) -> Value:
    """Unfold (im2col): (N, C, H, W) -> (N, C*kh*kw, L), or unbatched (C, H, W) -> (C*kh*kw, L)."""
    split = split_spatial(ctx, x, x_arg, 2)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    window = _window(values)
    blocks = None if split.peeled else _blocks(ctx, split.spatial, window)
    kernel = window[0]
    columns = D.mul(split.lead[-1], D.mul(*kernel)) if kernel is not None else ctx.fresh("c")
    return Array(split.shape(split.lead[:-1] + (columns, blocks if blocks is not None else ctx.fresh("l"))), x.dtype)


def fold_shape(ctx: OpContext, x: Array, x_arg: Arg, values: dict) -> Value:
    """Fold (col2im): (N, C*kh*kw, L) -> (N, C, *output_size), or unbatched (C*kh*kw, L) -> (C, *output_size);
    torch raises unless kh*kw divides the columns and L is the number of blocks output_size holds."""
    dims = x.shape.dims
    size = per_dim(values.get("output_size"), 2)
    window = _window(values)
    if dims is None or len(dims) not in (2, 3) or size is None or window[0] is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    columns, length = dims[-2], dims[-1]
    patch = D.mul(*window[0])
    require_divisible(ctx, columns, patch, "columns (dim -2) must be divisible by the product of kernel_size")
    blocks = _blocks(ctx, size, window)
    if blocks is not None:
        ctx.require(eq(length, blocks), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but output_size {ctx.show_shape(Shape(tuple(size)))} holds {ctx.show_dim(blocks)} "
            f"sliding blocks: {ctx.show_dim(length)} != {ctx.show_dim(blocks)} (dim -1)"))
    return Array(Shape(dims[:-2] + (D.floordiv(columns, patch),) + tuple(size)), x.dtype)


def sliding_layer(shape: Sliding) -> Rule:
    """``nn.Unfold(...)(x)`` / ``nn.Fold(...)(x)``."""
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        return shape(ctx, x, arg, {name: m.param(name) for name in ("output_size",) + _SLIDING})

    return rule


def functional_sliding(shape: Sliding, params: tuple[str, ...]) -> Rule:
    """``F.unfold(input, kernel_size, ...)`` / ``F.fold(input, output_size, kernel_size, ...)``."""
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        x = bound_array(b, "input")
        if x is None:
            return UNKNOWN
        return shape(ctx, x, b["input"], {name: arg.value for name, arg in b.items()})

    return rule


unfold_layer, fold_layer = sliding_layer(unfold_shape), sliding_layer(fold_shape)
functional_unfold = functional_sliding(unfold_shape, ("input",) + _SLIDING)
functional_fold = functional_sliding(fold_shape, ("input", "output_size") + _SLIDING)


def grid_sample(ctx: OpContext, call: Call) -> Value:
    """``F.grid_sample(input, grid)``: input (N, C, *in) sampled at grid (N, *out, k) gives (N, C, *out),
    k being the number of spatial dims (2 for 4-D input, 3 for 5-D)."""
    b = call.bind(("input", "grid"))
    x, grid = bound_array(b, "input"), bound_array(b, "grid")
    if x is None or grid is None:
        return UNKNOWN
    xd, gd = x.shape.dims, grid.shape.dims
    if xd is None or gd is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if len(xd) not in (4, 5) or len(gd) != len(xd):
        ctx.fail("SC107", f"{ctx.op}: expected a 4-D or 5-D input and a grid of the same rank, but "
                          f"{ctx.describe(b['input'])} and {ctx.describe(b['grid'])}")
        return UNKNOWN
    ctx.require(eq(xd[0], gd[0]), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(b['input'])} but {ctx.describe(b['grid'])}: the batch sizes differ "
        f"({ctx.show_dim(xd[0])} != {ctx.show_dim(gd[0])})"))
    ctx.require(eq(gd[-1], len(xd) - 2), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(b['grid'])}: its last dim holds {len(xd) - 2} coordinates for a "
        f"{len(xd)}-D input, not {ctx.show_dim(gd[-1])}"))
    return Array(Shape(xd[:2] + gd[1:-1]), x.dtype)


def affine_grid(ctx: OpContext, call: Call) -> Value:
    """``F.affine_grid(theta, size)``: size (N, C, H, W) gives (N, H, W, 2), (N, C, D, H, W) gives
    (N, D, H, W, 3); theta must be (N, 2, 3) / (N, 3, 4)."""
    b = call.bind(("theta", "size"))
    theta = bound_array(b, "theta")
    size = b["size"].value if "size" in b else None
    items = size.items if type(size) in (Tuple, List) else None
    if theta is None:
        return UNKNOWN
    if items is None or len(items) not in (4, 5) or any(type(i) is not Int for i in items):
        return Array(UNKNOWN_SHAPE, theta.dtype)
    dims = tuple(i.dim for i in items)
    k = len(dims) - 2
    td = theta.shape.dims
    if td is not None:
        want = Shape((dims[0], k, k + 1))
        ctx.require(conj(eq(a, c) for a, c in zip(td, want.dims)) if len(td) == 3 else FALSE, "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(b['theta'])} for size {ctx.show_shape(Shape(dims))}: theta must be "
            f"{ctx.show_shape(want)}"))
    return Array(Shape((dims[0],) + dims[2:] + (k,)), theta.dtype)
