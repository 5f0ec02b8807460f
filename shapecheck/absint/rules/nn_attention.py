"""Attention: ``nn.MultiheadAttention``, the transformer layers, and the mask check of
``F.scaled_dot_product_attention`` (PyTorch reference, MultiheadAttention, TransformerEncoderLayer)."""

from __future__ import annotations

from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import flag, NONE, UNKNOWN, Array, Tuple, Value
from .args import as_array, bound_array, int_arg, is_none
from .nn_args import dim_of, flag_param, layer_input, require_features


def attention_layer(ctx: OpContext, call: Call) -> Value:
    """MultiheadAttention(query, key, value): batched (L, N, E) or (N, L, E) with batch_first; unbatched (L, E).

    Returns (attn_output shaped like query, attn_weights (N, L, S), or (N, heads, L, S) unaveraged)."""
    m = call.args[0].value
    b = call.bind(("self", "query", "key", "value"))
    arrays = [bound_array(b, k) for k in ("query", "key", "value")]
    if any(a is None for a in arrays):
        return UNKNOWN
    q, k, v = arrays
    embed = dim_of(m.param("embed_dim"))
    require_features(ctx, q, b["query"], embed, "embed_dim")
    require_features(ctx, k, b["key"], dim_of(m.param("kdim")) or embed, "kdim")
    require_features(ctx, v, b["value"], dim_of(m.param("vdim")) or embed, "vdim")
    qd, kd, vd = q.shape.dims, k.shape.dims, v.shape.dims
    if qd is None or kd is None or vd is None:
        return Tuple((Array(q.shape, q.dtype), Array(UNKNOWN_SHAPE, q.dtype)))
    if not (len(qd) == len(kd) == len(vd)) or len(qd) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: query, key and value must all be 2-D (unbatched) or 3-D (batched): "
                          f"{ctx.describe(b['query'])}, {ctx.describe(b['key'])}, {ctx.describe(b['value'])}")
    batch_first = flag_param(m, "batch_first") and len(qd) == 3
    seq = 1 if batch_first else 0
    ctx.require(eq(kd[seq], vd[seq]), "SC102", lambda: (
        f"{ctx.op}: key and value must have the same sequence length: {ctx.describe(b['key'])} but "
        f"{ctx.describe(b['value'])}: {ctx.show_dim(kd[seq])} != {ctx.show_dim(vd[seq])}"))
    if len(qd) == 3:
        batch = 0 if batch_first else 1
        for other, name in ((kd, "key"), (vd, "value")):
            ctx.require(eq(qd[batch], other[batch]), "SC102", lambda other=other, name=name: (
                f"{ctx.op}: {ctx.describe(b['query'])} but {ctx.describe(b[name])}: batch size "
                f"{ctx.show_dim(qd[batch])} != {ctx.show_dim(other[batch])}"))
    out = Array(q.shape, q.dtype)
    need = call.kwargs.get("need_weights")
    if need is not None and flag(need.value, None) is False:
        return Tuple((out, NONE))
    length, source = qd[seq], kd[seq]
    average = call.kwargs.get("average_attn_weights")
    heads = () if average is None or flag(average.value, None) is not False else (
        dim_of(m.param("num_heads")) or ctx.fresh("heads"),)
    lead = (qd[0 if batch_first else 1],) if len(qd) == 3 else ()
    return Tuple((out, Array(Shape(lead + heads + (length, source)), q.dtype)))


def transformer_layer(ctx: OpContext, call: Call) -> Value:
    """TransformerEncoderLayer/DecoderLayer: (..., d_model) in, the same shape out."""
    m = call.args[0].value
    x, arg = layer_input(call, 1, "src" if m.kind.startswith("TransformerEncoder") else "tgt")
    if x is None:
        return UNKNOWN
    d_model = dim_of(m.param("d_model"))
    require_features(ctx, x, arg, d_model, "d_model")
    if m.kind == "TransformerDecoderLayer":
        memory, marg = layer_input(call, 2, "memory")
        if memory is not None:
            require_features(ctx, memory, marg, d_model, "d_model")
    return x


def transformer_model(ctx: OpContext, call: Call) -> Value:
    """``nn.Transformer(...)(src, tgt)``: both end in d_model (512 by default) and share the batch
    (dim 0 with batch_first, else dim 1, when both are batched); the output is shaped like tgt."""
    m = call.args[0].value
    src, sarg = layer_input(call, 1, "src")
    tgt, targ = layer_input(call, 2, "tgt")
    if src is None or tgt is None:
        return UNKNOWN
    d_model = dim_of(m.param("d_model")) if m.param("d_model") is not None else 512
    for x, arg in ((src, sarg), (tgt, targ)):
        require_features(ctx, x, arg, d_model, "d_model")
    sd, td = src.shape.dims, tgt.shape.dims
    if sd is not None and td is not None and len(sd) == len(td) == 3:
        batch = 0 if getattr(m.param("batch_first"), "value", False) is True else 1
        ctx.require(eq(sd[batch], td[batch]), "SC102", lambda: (
            f"{ctx.op}: the batch number of src and tgt must be equal: {ctx.describe(sarg)} and "
            f"{ctx.describe(targ)}"))
    return tgt


_MHA_FORWARD = ("query", "key", "value", "embed_dim_to_check", "num_heads", "in_proj_weight", "in_proj_bias",
                "bias_k", "bias_v", "add_zero_attn", "dropout_p", "out_proj_weight", "out_proj_bias", "training",
                "key_padding_mask", "need_weights", "attn_mask", "use_separate_proj_weight", "q_proj_weight",
                "k_proj_weight", "v_proj_weight", "static_k", "static_v", "average_attn_weights", "is_causal")


def multi_head_attention_forward(ctx: OpContext, call: Call) -> Value:
    """``F.multi_head_attention_forward`` (MultiheadAttention's body, CLIP's attention pooling):
    query (L, N, E) and key (S, N, E), unbatched (L, E) / (S, E); the output is (L, N, out) with out
    the rows of ``out_proj_weight``; the weights (N, L, S), per head (N, heads, L, S) when not
    averaged, None when not asked for."""
    b = call.bind(_MHA_FORWARD)
    q, k, w = bound_array(b, "query"), bound_array(b, "key"), bound_array(b, "out_proj_weight")
    if q is None or k is None or q.shape.dims is None or k.shape.dims is None or len(q.shape.dims) not in (2, 3):
        return UNKNOWN
    qd, kd = q.shape.dims, k.shape.dims
    out = w.shape.dims[0] if w is not None and w.shape.dims is not None and len(w.shape.dims) == 2 else ctx.fresh("e")
    output = Array(Shape(qd[:-1] + (out,)), q.dtype)
    need = b["need_weights"].value if "need_weights" in b else None
    if need is not None and getattr(need, "value", None) is False:
        return Tuple((output, NONE))
    average = b["average_attn_weights"].value if "average_attn_weights" in b else None
    heads = () if getattr(average, "value", True) is not False else ((dim_of(b["num_heads"].value) if "num_heads" in b else None) or ctx.fresh("heads"),)
    batch = (qd[1],) if len(qd) == 3 else ()
    return Tuple((output, Array(Shape(batch + heads + (qd[0], kd[0])), q.dtype)))


def square_subsequent_mask(ctx: OpContext, call: Call) -> Value:
    """``nn.Transformer.generate_square_subsequent_mask(sz)``: an (sz, sz) float mask."""
    b = call.bind(("sz",))
    n = int_arg(b.get("sz"), ctx) if "sz" in b else None
    return Array(Shape((n if n is not None else ctx.fresh("sz"),) * 2), "float32")


def scaled_dot_product_attention_check(ctx: OpContext, call: Call) -> None:
    """Nothing beyond the gufunc signature the table gives it; kept for the mask's broadcast."""
    b = call.bind(("query", "key", "value", "attn_mask"))
    mask = b.get("attn_mask")
    q, k = (bound_array(b, n) for n in ("query", "key"))
    if mask is None or is_none(mask) or q is None or k is None or as_array(mask.value) is None:
        return
    if q.shape.dims is None or k.shape.dims is None or len(q.shape.dims) < 2 or len(k.shape.dims) < 2:
        return
    scores = Shape(q.shape.dims[:-1] + (k.shape.dims[-2],))
    ctx.broadcast([(scores, "query @ key.T"), (as_array(mask.value).shape, mask.text)])
