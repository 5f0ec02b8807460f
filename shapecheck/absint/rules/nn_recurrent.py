"""Recurrent layers: ``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` (PyTorch reference, LSTM)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Int, Tuple, Value
from .nn_args import dim_of, flag_param, layer_input, layer_param, require_features


def recurrent_layer(ctx: OpContext, call: Call) -> Value:
    """RNN/GRU/LSTM: input (L, N, H_in) (or (N, L, H_in) batch_first, or unbatched (L, H_in)).

    output: (L, N, D*H_out); h_n: (D*num_layers, N, H_out); LSTM adds c_n (D*num_layers, N, hidden)."""
    m = call.args[0].value
    x, arg = layer_input(call)
    if x is None:
        return UNKNOWN
    require_features(ctx, x, arg, dim_of(m.param("input_size")), "the layer takes input_size")
    dims = x.shape.dims
    if dims is None:
        return UNKNOWN
    if len(dims) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: expected 2-D (unbatched) or 3-D (batched) input, but {ctx.describe(arg)}")
    directions = 2 if flag_param(m, "bidirectional") else 1
    layers = dim_of(layer_param(m, "num_layers", Int(1)))
    hidden = dim_of(m.param("hidden_size")) or ctx.fresh("hidden")
    proj = dim_of(m.param("proj_size"))
    h_out = proj if proj not in (None, 0) else hidden
    states = D.mul(directions, layers) if layers is not None else ctx.fresh("layers")
    output = Array(Shape(dims[:-1] + (D.mul(directions, h_out),)), x.dtype)
    batch = () if len(dims) == 2 else (dims[0] if flag_param(m, "batch_first") else dims[1],)
    h_n = Array(Shape((states,) + batch + (h_out,)), x.dtype)
    if m.kind == "LSTM":
        return Tuple((output, Tuple((h_n, Array(Shape((states,) + batch + (hidden,)), x.dtype)))))
    return Tuple((output, h_n))
