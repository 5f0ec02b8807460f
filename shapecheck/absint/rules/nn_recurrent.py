"""Recurrent layers: ``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` (PyTorch reference, LSTM), and what batches their
sequences (``torch.nn.utils.rnn``: ``pad_sequence``, and the packed sequences of ``pack_padded_sequence``/
``pack_sequence``, which a layer runs as it runs the padded batch and ``pad_packed_sequence`` pads back).

A packed sequence is a :class:`TorchModule` of kind ``PackedSequence`` holding its fields (``data`` is
``(sum of lengths, *features)``, ``batch_sizes`` one entry per step) and, apart, its batch size: torch
keeps that only in ``sorted_indices``, which is None for a sorted batch."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Int, List, NoneValue, TorchModule, Tuple, Value, as_tensor
from .args import as_array, int_arg
from .nn_args import dim_of, flag_known, flag_param, layer_input, layer_param, require_features


def recurrent_layer(ctx: OpContext, call: Call) -> Value:
    """RNN/GRU/LSTM: input (L, N, H_in) (or (N, L, H_in) batch_first, or unbatched (L, H_in)).

    output: (L, N, D*H_out); h_n: (D*num_layers, N, H_out); LSTM adds c_n (D*num_layers, N, hidden)."""
    m = call.args[0].value
    x, arg = layer_input(call)
    if arg is not None and is_packed(arg.value):
        return _run_packed(ctx, call, arg.value)
    if x is None:
        return UNKNOWN
    require_features(ctx, x, arg, dim_of(m.param("input_size")), "the layer takes input_size")
    dims = x.shape.dims
    if dims is None:
        return UNKNOWN
    if len(dims) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: expected 2-D (unbatched) or 3-D (batched) input, but {ctx.describe(arg)}")
    # a flag not known (a constructor's ``bidirectional: bool`` passed on) leaves the count unknown:
    # pytorchvideo reads ``h[1]`` under ``if self.bidirectional:`` (a false SC105 while taken for 1)
    directions = (2 if flag_param(m, "bidirectional") else 1) if flag_known(m, "bidirectional") else ctx.fresh("directions")
    layers = dim_of(layer_param(m, "num_layers", Int(1)))
    hidden = dim_of(m.param("hidden_size")) or ctx.fresh("hidden")
    proj = dim_of(m.param("proj_size"))
    h_out = proj if proj not in (None, 0) else hidden
    states = D.mul(directions, layers) if layers is not None else ctx.fresh("layers")
    output = Array(Shape(dims[:-1] + (D.mul(directions, h_out),)), x.dtype)
    batch = () if len(dims) == 2 else (ctx.fresh("batch") if not flag_known(m, "batch_first") else
                                       dims[0] if flag_param(m, "batch_first") else dims[1],)
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


PACKED = "PackedSequence"
_BATCH = "__batch"


def is_packed(v: Value) -> bool:
    return type(v) is TorchModule and v.kind == PACKED


def _packed(data: Array, steps: D.Dim, batch: D.Dim, indexed: bool) -> TorchModule:
    indices = as_tensor(Array(Shape((batch,)), "int64")) if indexed else NONE
    return TorchModule(PACKED, (("data", as_tensor(data)), ("batch_sizes", as_tensor(Array(Shape((steps,)), "int64"))),
                                ("sorted_indices", indices), ("unsorted_indices", indices), (_BATCH, Int(batch))))


def _steps_and_batch(p: TorchModule) -> tuple[D.Dim, D.Dim]:
    return p.param("batch_sizes").shape.dims[0], p.param(_BATCH).dim


def pack_padded_sequence(ctx: OpContext, call: Call) -> Value:
    """``pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True)``: input (T, B, *)
    (or (B, T, *)) as one row per non-padded step; as many steps as the longest length, which may be
    under T."""
    b = call.bind(("input", "lengths", "batch_first", "enforce_sorted"))
    x = as_array(b["input"].value) if "input" in b else None
    first = b.get("batch_first")
    batch_first = first is not None and type(first.value) is Bool and first.value.value
    if x is None or x.shape.dims is None or len(x.shape.dims) < 2 or (first is not None and (
            type(first.value) is not Bool or first.value.value is None)):
        return UNKNOWN
    dims = x.shape.dims
    batch = dims[0] if batch_first else dims[1]
    enforce = b.get("enforce_sorted")
    indexed = enforce is not None and not (type(enforce.value) is Bool and enforce.value.value is True)
    return _packed(Array(Shape((ctx.fresh("packed"),) + dims[2:]), x.dtype), ctx.fresh("longest"), batch, indexed)


def pack_sequence(ctx: OpContext, call: Call) -> Value:
    """``pack_sequence(sequences, enforce_sorted=True)``: tensors (L_i, *) packed; one per batch entry."""
    b = call.bind(("sequences", "enforce_sorted"))
    v = b["sequences"].value if "sequences" in b else None
    if type(v) not in (Tuple, List) or not v.items:
        return UNKNOWN
    first = as_array(v.items[0])
    if first is None or not first.shape.dims:
        return UNKNOWN
    enforce = b.get("enforce_sorted")
    indexed = enforce is not None and not (type(enforce.value) is Bool and enforce.value.value is True)
    return _packed(Array(Shape((ctx.fresh("packed"),) + first.shape.dims[1:]), first.dtype), ctx.fresh("longest"),
                   len(v.items), indexed)


def pad_packed_sequence(ctx: OpContext, call: Call) -> Value:
    """``pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None)``: the
    padded batch (T, B, *) (or (B, T, *)), T ``total_length`` where given, and the lengths (B,)."""
    b = call.bind(("sequence", "batch_first", "padding_value", "total_length"))
    p = b["sequence"].value if "sequence" in b else None
    first = b.get("batch_first")
    if not is_packed(p) or (first is not None and (type(first.value) is not Bool or first.value.value is None)):
        return UNKNOWN
    steps, batch = _steps_and_batch(p)
    total = b.get("total_length")
    if total is not None and type(total.value) is not NoneValue:
        steps = int_arg(total, ctx) or ctx.fresh("total_length")
    data = p.param("data")
    lead = (batch, steps) if first is not None and first.value.value else (steps, batch)
    return Tuple((as_tensor(Array(Shape(lead + data.shape.dims[1:]), data.dtype)),
                  as_tensor(Array(Shape((batch,)), "int64"))))


def _run_packed(ctx: OpContext, call: Call, p: TorchModule) -> Value:
    """A recurrent layer on a packed sequence: the padded batch's outputs, packed alike."""
    steps, batch = _steps_and_batch(p)
    data = p.param("data")
    padded = Array(Shape((steps, batch) + data.shape.dims[1:]), data.dtype)
    m = call.args[0].value
    unbatched = TorchModule(m.kind, tuple((k, v) for k, v in m.params if k != "batch_first"))
    hidden = [a for a in call.args[2:]] + ([call.kwargs["hx"]] if "hx" in call.kwargs else [])
    out = recurrent_layer(ctx, Call(call.name, [Arg(unbatched), Arg(padded, "the packed sequence")] + hidden))
    if type(out) is not Tuple:
        return out
    rows = out.items[0]
    packed_out = TorchModule(PACKED, tuple(
        (k, as_tensor(Array(Shape(data.shape.dims[:1] + rows.shape.dims[2:]), rows.dtype)) if k == "data" else v)
        for k, v in p.params))
    return Tuple((packed_out,) + out.items[1:])
