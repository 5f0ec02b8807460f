"""Recurrent layers: ``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` (PyTorch reference, LSTM), and what batches their
sequences (``torch.nn.utils.rnn.pad_sequence``)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Int, List, Tuple, Value
from .args import as_array
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


def pad_sequence(ctx: OpContext, call: Call) -> Value:
    """``pad_sequence(sequences, batch_first=False, padding_value=0.0)``: tensors ``(L_i, *rest)``
    padded to the longest and stacked, ``(max L_i, B, *rest)``, or ``(B, max L_i, *rest)`` batch
    first. The rest is the first's (torch raises unless every tensor's is the same)."""
    b = call.bind(("sequences", "batch_first"))
    seqs, first = b.get("sequences"), b.get("batch_first")
    flag = Bool(False) if first is None else first.value
    if seqs is None or type(flag) is not Bool or flag.value is None:
        return UNKNOWN
    v = seqs.value
    if type(v) in (Tuple, List) and v.items:
        arrays = [as_array(i) for i in v.items]
        count: D.Dim = len(arrays)
    elif type(v) is List and v.items is None:
        arrays = [as_array(v.element)]
        count = v.length if v.length is not None else ctx.fresh("batch")
    else:
        return UNKNOWN
    if any(a is None or not a.shape.dims for a in arrays):
        return UNKNOWN
    if v.items is None:
        longest = ctx.fresh("longest")
    else:
        longest = arrays[0].shape.dims[0]
        for a in arrays[1:]:
            longest = D.dmax(longest, a.shape.dims[0])
    rest = arrays[0].shape.dims[1:]
    lead = (count, longest) if flag.value else (longest, count)
    return Array(Shape(lead + rest), arrays[0].dtype)
