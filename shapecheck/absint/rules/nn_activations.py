"""Layers that keep their input's shape (activations, dropout, identity), and the ``dim``
check of ``nn.Softmax``/``LogSoftmax``/``Softmin``."""

from __future__ import annotations

from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Value
from .args import const_int, normalize_axis
from .nn_args import layer_input


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
