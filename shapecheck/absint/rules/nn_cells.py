"""Layers of one step or one pair: the recurrent cells (``LSTMCell``, ``GRUCell``, ``RNNCell``: a batch of
inputs in, hidden states out), ``Bilinear`` (two inputs, one output width), ``EmbeddingBag`` (bags of
indices reduced to one vector), and ``CosineSimilarity``/``PairwiseDistance`` as layers of their
functional forms. Source: the PyTorch reference for each."""

from __future__ import annotations

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Tuple, Unknown, Value
from .args import bound_array
from .nn_args import dim_of, layer_input, require_features
from .nn_functional import cosine_similarity, pairwise_distance


def cell(states: int):
    """``cell(x, hx=None)``: x (N, input_size) or unbatched (input_size,) gives (N, hidden_size) (one
    state, or the (h, c) pair of an LSTMCell). Where x's rank is unknown (a forward's parameter), the
    state passed in has the shape the new one has: a loop feeding back ``h, c = cell(x_t, (h, c))``
    keeps it."""

    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = layer_input(call)
        state = _state(call, states)
        if x is None and not (len(call.args) > 1 and type(call.args[1].value) is Unknown and state is not None):
            return UNKNOWN
        if x is not None:
            require_features(ctx, x, arg, dim_of(m.param("input_size")), "input_size")
        hidden = dim_of(m.param("hidden_size")) or ctx.fresh("hidden")
        dims = x.shape.dims if x is not None else None
        if (dims is None or len(dims) not in (1, 2)) and state is not None:
            dims = state.shape.dims
        shape = Shape(dims[:-1] + (hidden,)) if dims is not None and len(dims) in (1, 2) else UNKNOWN_SHAPE
        h = Array(shape, x.dtype if x is not None else state.dtype)
        return h if states == 1 else Tuple((h, h))

    return rule


def _state(call: Call, states: int) -> Array | None:
    """The hidden state a cell is given (``hx``: an array, or an LSTMCell's (h, c) pair)."""
    hx = call.args[2] if len(call.args) > 2 else call.kwargs.get("hx")
    value = hx.value if hx is not None else None
    if states == 2 and type(value) is Tuple and len(value.items) == 2:
        value = value.items[0]
    return value if type(value) is Array else None


def bilinear(ctx: OpContext, call: Call) -> Value:
    """``Bilinear(in1, in2, out)(x1, x2)``: (*, in1) and (*, in2) give (*, out)."""
    m = call.args[0].value
    x1, a1 = layer_input(call, 1, "input1")
    x2, a2 = layer_input(call, 2, "input2")
    if x1 is None or x2 is None:
        return UNKNOWN
    require_features(ctx, x1, a1, dim_of(m.param("in1_features")), "in1_features")
    require_features(ctx, x2, a2, dim_of(m.param("in2_features")), "in2_features")
    out = dim_of(m.param("out_features")) or ctx.fresh("out")
    dims = x1.shape.dims
    return Array(Shape(dims[:-1] + (out,)) if dims else UNKNOWN_SHAPE, x1.dtype)


def _bags(ctx: OpContext, idx: Array, offsets: Array | None, width) -> Value:
    dims = idx.shape.dims
    if dims is not None and len(dims) == 2:
        return Array(Shape((dims[0], width)), "float32")
    if dims is not None and len(dims) == 1 and offsets is not None and offsets.shape.dims is not None:
        return Array(Shape((offsets.shape.dims[0], width)), "float32")
    return Array(UNKNOWN_SHAPE, "float32")


def embedding_bag_layer(ctx: OpContext, call: Call) -> Value:
    """2-D indices (B, N): one bag per row, (B, embedding_dim); 1-D with offsets: one bag per offset."""
    m = call.args[0].value
    idx, _ = layer_input(call)
    offsets, _ = layer_input(call, 2, "offsets")
    if idx is None:
        return UNKNOWN
    return _bags(ctx, idx, offsets, dim_of(m.param("embedding_dim")) or ctx.fresh("d"))


def functional_embedding_bag(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "weight", "offsets"))
    idx, weight = bound_array(b, "input"), bound_array(b, "weight")
    if idx is None or weight is None:
        return UNKNOWN
    wd = weight.shape.dims
    out = _bags(ctx, idx, bound_array(b, "offsets"), wd[-1] if wd else ctx.fresh("d"))
    return Array(out.shape, weight.dtype) if type(out) is Array else out


def _pair_layer(functional, keyword_params: tuple[str, ...]):
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        kwargs = {k: Arg(m.param(k), k) for k in keyword_params if m.param(k) is not None}
        return functional(ctx, Call(call.name, list(call.args[1:3]), kwargs))
    return rule


cosine_similarity_layer = _pair_layer(cosine_similarity, ("dim", "eps"))
pairwise_distance_layer = _pair_layer(pairwise_distance, ("p", "eps", "keepdim"))
