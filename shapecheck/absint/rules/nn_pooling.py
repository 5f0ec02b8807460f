"""Pooling: ``nn.MaxPool``/``AvgPool``/``AdaptiveAvgPool``/``AdaptiveMaxPool``/``MaxUnpool{1,2,3}d`` and
their ``F.*_pool*`` forms. Channels are kept; spatial dims follow the convolution formula (MaxPool2d
reference), become ``output_size`` for the adaptive ones, and for unpooling are the pooled input's
again, ``(L - 1) * stride - 2 * padding + kernel_size`` (MaxUnpool2d reference) or ``output_size``."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Int, List, Tuple, Value
from .args import bound_array
from .kinds import Rule
from .nn_args import Dims, layer_input, layer_param, per_dim
from .nn_convolution import require_window, split_spatial, window_out


def pool_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, kernel: Dims | None, stride: Dims | None,
               padding: Dims | None, dilation: Dims | None, ceil_mode: bool) -> Value:
    """MaxPool/AvgPool: channels kept, spatial dims by the conv formula; stride defaults to the kernel."""
    split = split_spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split.lead, split.spatial
    stride = stride or kernel
    if kernel is None or stride is None or padding is None or dilation is None or split.peeled:
        return Array(split.shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = []
    for axis, (length, k, s, p, d) in enumerate(zip(spatial, kernel, stride, padding, dilation)):
        if (type(k) is int and k <= 0) or (type(s) is int and s <= 0):
            ctx.fail("SC107", f"{ctx.op}: kernel_size and stride must be greater than zero, but got "
                              f"kernel_size={k} and stride={s}")
        if type(p) is int and type(k) is int and p > k // 2:
            ctx.fail("SC107", f"{ctx.op}: pad should be at most half of the kernel size, but got pad={p} "
                              f"and kernel_size={k}")
        require_window(ctx, length, k, p, d, axis)
        if ceil_mode:
            out.append(ceil_window_out(ctx, length, k, s, p, d))
        else:
            out.append(window_out(length, k, s, p, d))
    return Array(split.shape(lead + tuple(out)), x.dtype)


def with_indices(values: Value, flag: Value | None) -> Value:
    """Max pooling's ``return_indices=True``: (values, indices), the indices int64 and shaped alike.
    A flag of unknown value leaves the result unknown (a tensor or a pair)."""
    if flag is None or (type(flag) is Bool and flag.value is False):
        return values
    if type(flag) is not Bool or flag.value is None or type(values) is not Array:
        return UNKNOWN
    return Tuple((values, Array(values.shape, "int64")))


def ceil_window_out(ctx: OpContext, length, k, s, p, d) -> D.Dim:
    if not all(type(v) is int for v in (length, k, s, p, d)):
        return ctx.fresh("l")
    span = length + 2 * p - d * (k - 1) - 1
    out = -(-span // s) + 1
    if (out - 1) * s >= length + p:   # the last window may not start in the right padding
        out -= 1
    return out


def pool_layer(nd: int, dilated: bool) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        ceil = layer_param(m, "ceil_mode")
        out = pool_shape(ctx, x, arg, nd, per_dim(m.param("kernel_size"), nd), per_dim(m.param("stride"), nd),
                         per_dim(layer_param(m, "padding"), nd, 0),
                         per_dim(layer_param(m, "dilation") if dilated else None, nd, 1),
                         type(ceil) is Bool and ceil.value is True)
        return with_indices(out, m.param("return_indices")) if dilated else out

    return rule


def functional_pool(nd: int, dilated: bool) -> Rule:
    names = (("input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices") if dilated
             else ("input", "kernel_size", "stride", "padding", "ceil_mode"))

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(names)
        x = bound_array(b, "input")
        if x is None:
            return UNKNOWN
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        ceil = value("ceil_mode")
        out = pool_shape(ctx, x, b["input"], nd, per_dim(value("kernel_size"), nd), per_dim(value("stride"), nd),
                         per_dim(value("padding"), nd, 0), per_dim(value("dilation") if dilated else None, nd, 1),
                         type(ceil) is Bool and ceil.value is True)
        return with_indices(out, value("return_indices")) if dilated else out

    return rule


def adaptive_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, size: Value | None) -> Value:
    """AdaptiveAvgPool: the spatial dims become ``output_size`` (a None entry keeps the input's)."""
    split = split_spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split.lead, split.spatial
    items = (size,) * nd if type(size) is Int else size.items if type(size) in (Tuple, List) else None
    if items is None or len(items) != nd:
        return Array(split.shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = tuple(old if i is NONE else i.dim if type(i) is Int else ctx.fresh("l") for old, i in zip(spatial, items))
    return Array(split.shape(lead + out), x.dtype)


def adaptive_pool_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        m = call.args[0].value
        return with_indices(adaptive_shape(ctx, x, arg, nd, m.param("output_size")), m.param("return_indices"))

    return rule


def functional_adaptive(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("input", "output_size", "return_indices"))
        x = bound_array(b, "input")
        if x is None:
            return UNKNOWN
        out = adaptive_shape(ctx, x, b["input"], nd, b["output_size"].value if "output_size" in b else None)
        return with_indices(out, b["return_indices"].value if "return_indices" in b else None)

    return rule


def unpool_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, kernel: Dims | None, stride: Dims | None,
                 padding: Dims | None, size: Value | None) -> Value:
    split = split_spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split.lead, split.spatial
    if size is not None and size is not NONE:
        wanted = per_dim(size, len(size.items) if type(size) in (Tuple, List) and size.items is not None else nd)
        if wanted is not None and len(wanted) >= nd:
            return Array(split.shape(lead + tuple(wanted[-nd:])), x.dtype)
        return Array(split.shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    stride = stride or kernel
    if kernel is None or stride is None or padding is None or split.peeled:
        return Array(split.shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = tuple(D.add(D.sub(D.mul(D.sub(length, 1), s), D.mul(2, p)), k)
                for length, k, s, p in zip(spatial, kernel, stride, padding))
    return Array(split.shape(lead + out), x.dtype)


def unpool_layer(nd: int) -> Rule:
    """``nn.MaxUnpool2d(kernel_size, stride=None, padding=0)(input, indices, output_size=None)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        size = call.args[3].value if len(call.args) > 3 else (
            call.kwargs["output_size"].value if "output_size" in call.kwargs else None)
        return unpool_shape(ctx, x, arg, nd, per_dim(m.param("kernel_size"), nd), per_dim(m.param("stride"), nd),
                            per_dim(layer_param(m, "padding"), nd, 0), size)

    return rule


def functional_unpool(nd: int) -> Rule:
    """``F.max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("input", "indices", "kernel_size", "stride", "padding", "output_size"))
        x = bound_array(b, "input")
        if x is None:
            return UNKNOWN
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        return unpool_shape(ctx, x, b["input"], nd, per_dim(value("kernel_size"), nd), per_dim(value("stride"), nd),
                            per_dim(value("padding"), nd, 0), value("output_size"))

    return rule
