"""Normalisation layers: ``LayerNorm``/``RMSNorm`` check the trailing dims against
``normalized_shape``; ``BatchNorm``/``GroupNorm`` check the channel dim (dim 1). All keep the input's shape
(PyTorch reference, LayerNorm, BatchNorm2d, GroupNorm)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, List, TorchModule, Tuple, Value
from .args import as_array, bound_array, int_dims, is_none
from .kinds import Rule
from .nn_args import Dims, dim_of, guess_batched, layer_input


normalized_dims = int_dims


def layer_norm_shape(ctx: OpContext, x: Array, x_arg: Arg, normalized: Dims | None) -> Value:
    """LayerNorm: the trailing dims of x must be ``normalized_shape``; the shape is kept. An input of
    unknown rank whose trailing dims are known (``(*x[:-1], out)`` after a Linear) has them checked."""
    dims = x.shape.dims
    if normalized is None:
        return x
    if dims is None:
        suffix = x.shape.suffix
        if len(suffix) < len(normalized) or not normalized:
            return x
    shown = Shape(normalized)
    count = len(dims) if dims is not None else 0   # (an unknown rank's axes are named from the end)
    dims = dims if dims is not None else x.shape.suffix
    if len(dims) < len(normalized):
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)} has fewer dimensions than normalized_shape "
                          f"{ctx.show_shape(shown)}")
    for offset, want in enumerate(normalized):
        axis = len(dims) - len(normalized) + offset
        got = dims[axis]
        ctx.require(eq(got, want), "SC102", lambda got=got, want=want, axis=axis: (
            f"{ctx.op}: {ctx.describe(x_arg)} but normalized_shape is {ctx.show_shape(shown)}: "
            f"{ctx.show_dim(got)} != {ctx.show_dim(want)} (dim {axis if count else axis - len(dims)})"))
    return x


def layer_norm_layer(ctx: OpContext, call: Call) -> Value:
    x, arg = layer_input(call)
    return UNKNOWN if x is None else layer_norm_shape(ctx, x, arg, normalized_dims(call.args[0].value.param("normalized_shape")))


def functional_layer_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "normalized_shape", "weight", "bias"))
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    normalized = normalized_dims(b["normalized_shape"].value) if "normalized_shape" in b else None
    out = layer_norm_shape(ctx, x, b["input"], normalized)
    for name in ("weight", "bias"):
        w = as_array(b[name].value) if name in b and not is_none(b[name]) else None
        if w is not None and w.shape.dims is not None and normalized is not None:
            same = len(w.shape.dims) == len(normalized)
            for got, want in zip(w.shape.dims, normalized):
                ctx.require(eq(got, want) if same else eq(0, 1), "SC102", lambda name=name: (
                    f"{ctx.op}: {ctx.describe(b[name])} but normalized_shape is {ctx.show_shape(Shape(normalized))}"))
    return out


def channel_norm_shape(ctx: OpContext, x: Array, x_arg: Arg, ranks: tuple[int, ...], channels: D.Dim | None,
                       what: str) -> Value:
    """BatchNorm/GroupNorm: x is (N, C, *) with C the layer's channel count; the shape is kept. A
    layer that takes one rank only (BatchNorm2d: 4-D, torch raises on any other) fixes the rank of
    an input of unknown rank, which the function it comes from is analysed at (``learn_rank``)."""
    dims = x.shape.dims
    if dims is None:
        if ranks and x.shape.min_rank > max(ranks):
            ctx.fail("SC107", f"{ctx.op}: expected {' or '.join(f'{r}-D' for r in ranks)} input, but "
                              f"{ctx.describe(x_arg)}")
        if len(ranks) == 1 and x.shape.middle is not None:
            ctx.interp.analysis.learn_rank(x.shape.middle, ranks[0] - x.shape.min_rank)
        return x
    if ranks and len(dims) not in ranks:
        want = " or ".join(f"{r}-D" for r in ranks)
        ctx.fail("SC107", f"{ctx.op}: expected {want} input, but {ctx.describe(x_arg)}")
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: expected at least 2 dimensions (N, C, ...), but {ctx.describe(x_arg)}")
    if channels is not None:
        ctx.require(eq(dims[1], channels), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {what}={ctx.show_dim(channels)}: "
            f"{ctx.show_dim(dims[1])} != {ctx.show_dim(channels)} (channels, dim 1)"))
    return x


def batch_norm_layer(ranks: tuple[int, ...]) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        return channel_norm_shape(ctx, x, arg, ranks, dim_of(call.args[0].value.param("num_features")),
                                  "the layer takes num_features")

    return rule


def instance_norm_layer(nd: int) -> Rule:
    """InstanceNorm{nd}d: (C, *L) or (N, C, *L), the shape kept (PyTorch reference, InstanceNorm2d)."""
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        dims = x.shape.dims
        if dims is None:
            guess_batched(ctx, x, nd + 2)
        elif len(dims) not in (nd + 1, nd + 2):
            ctx.fail("SC107", f"{ctx.op}: expected {nd + 1}-D (unbatched) or {nd + 2}-D (batched) input, "
                              f"but {ctx.describe(x_arg)}")
        return x

    return rule


def group_norm_layer(ctx: OpContext, call: Call) -> Value:
    x, arg = layer_input(call)
    if x is None:
        return UNKNOWN
    return channel_norm_shape(ctx, x, arg, (), dim_of(call.args[0].value.param("num_channels")),
                              "the layer takes num_channels")


def functional_batch_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "running_mean", "running_var", "weight", "bias"))
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    stats = as_array(b["running_mean"].value) if "running_mean" in b and not is_none(b["running_mean"]) else None
    channels = stats.shape.dims[0] if stats is not None and stats.shape.dims and len(stats.shape.dims) == 1 else None
    return channel_norm_shape(ctx, x, b["input"], (), channels, "running_mean has C")


def functional_group_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "num_groups"))
    x = bound_array(b, "input")
    groups = dim_of(b["num_groups"].value) if "num_groups" in b else None
    if x is None:
        return UNKNOWN
    if x.shape.dims is not None and len(x.shape.dims) >= 2 and groups is not None:
        c = x.shape.dims[1]
        ctx.require(eq(D.mod(c, groups), 0), "SC107", lambda: (
            f"{ctx.op}: {ctx.show_dim(c)} channels are not divisible into {ctx.show_dim(groups)} groups"))
    return x


def param_items(v: Value | None) -> tuple | None:
    if type(v) is Int:
        return (v,)
    if type(v) in (Tuple, List) and v.items is not None:
        return v.items
    return None


def layer_norm_weights(m: TorchModule) -> dict[str, tuple | None]:
    """``norm.weight`` and ``norm.bias`` are shaped ``normalized_shape``."""
    return {"weight": param_items(m.param("normalized_shape")), "bias": param_items(m.param("normalized_shape"))}


def batch_norm_weights(m: TorchModule) -> dict[str, tuple | None]:
    """``bn.weight``, ``bn.bias`` and the running statistics are (num_features,)."""
    return {k: (m.param("num_features"),) for k in ("weight", "bias", "running_mean", "running_var")}
