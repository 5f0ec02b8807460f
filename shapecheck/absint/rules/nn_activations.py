"""Layers that keep their input's shape (activations, dropout, identity), the ``dim`` check of
``nn.Softmax``/``LogSoftmax``/``Softmin``, and the activations with an input check of their own:
``GLU`` halves a dim, ``PReLU``'s parameters match the channel dim, ``Dropout1d`` takes 2-D or 3-D.
Sources: the PyTorch reference (torch.nn.GLU, PReLU, Dropout1d) and ATen's ``prelu`` check."""

from __future__ import annotations

from ...constraints.predicates import eq
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Int, Value
from .args import as_array, const_int, normalize_axis
from .nn_args import dim_of, layer_input
from .nn_functional import glu


def same_shape_layer(ctx: OpContext, call: Call) -> Value:
    x, _ = layer_input(call)
    return UNKNOWN if x is None else x


def along_dim_layer(ctx: OpContext, call: Call) -> Value:
    """Softmax(dim)/LogSoftmax(dim): shape kept; the dim must exist."""
    x, _ = layer_input(call)
    if x is None:
        return UNKNOWN
    d = const_int(Arg(call.args[0].value.param("dim") or NONE))
    if d is not None and x.shape.dims is not None:
        normalize_axis(ctx, d, max(len(x.shape.dims), 1), "dim")
    return x


def glu_layer(ctx: OpContext, call: Call) -> Value:
    """``nn.GLU(dim=-1)(x)``: F.glu, halving ``dim``."""
    _, arg = layer_input(call)
    if arg is None:
        return UNKNOWN
    return glu(ctx, Call(call.name, [arg, Arg(call.args[0].value.param("dim") or Int(-1))]))


def prelu_channels(ctx: OpContext, x: Array, arg: Arg, count) -> Array:
    """PReLU's parameters are one, or one per channel: dim 1 (a 1-d input has one channel)."""
    dims = x.shape.dims
    if count is None or count == 1 or dims is None:
        return x
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: Not allow zero-dim input tensor ({ctx.describe(arg)})")
    channels = dims[1] if len(dims) > 1 else 1
    ctx.require(eq(channels, count), "SC102", lambda: (
        f"{ctx.op}: Mismatch of parameter numbers and input channel size: {ctx.show_dim(count)} parameters "
        f"but channel size (dim 1) {ctx.show_dim(channels)} ({ctx.describe(arg)})"))
    return x


def prelu_layer(ctx: OpContext, call: Call) -> Value:
    """``nn.PReLU(num_parameters=1)(x)``."""
    x, arg = layer_input(call)
    if x is None:
        return UNKNOWN
    count = call.args[0].value.param("num_parameters")
    return prelu_channels(ctx, x, arg, dim_of(count) if count is not None else 1)


def functional_prelu(ctx: OpContext, call: Call) -> Value:
    """``F.prelu(input, weight)``: weight holds one parameter or one per channel."""
    bound = call.bind(("input", "weight"))
    x = as_array(bound["input"].value) if "input" in bound else None
    w = as_array(bound["weight"].value) if "weight" in bound else None
    if x is None:
        return UNKNOWN
    count = None
    if w is not None and w.shape.dims is not None and len(w.shape.dims) <= 1:
        count = w.shape.dims[0] if w.shape.dims else 1
    return prelu_channels(ctx, x, bound["input"], count)


def _dropout1d_rank(ctx: OpContext, x: Array, arg: Arg) -> Array:
    rank = x.shape.rank
    if rank is not None and rank not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: Expected 2D or 3D input, but received a {rank}D input "
                          f"({ctx.describe(arg)})")
    return x


def dropout1d_layer(ctx: OpContext, call: Call) -> Value:
    """``nn.Dropout1d()(x)``: (N, C, L) or (C, L). (Dropout2d/3d only warn off their ranks.)"""
    x, arg = layer_input(call)
    return UNKNOWN if x is None else _dropout1d_rank(ctx, x, arg)


def functional_dropout1d(ctx: OpContext, call: Call) -> Value:
    x_arg = call.args[0] if call.args else call.kwargs.get("input")
    x = as_array(x_arg.value) if x_arg is not None else None
    return UNKNOWN if x is None else _dropout1d_rank(ctx, x, x_arg)
