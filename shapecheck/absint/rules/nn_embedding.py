"""``nn.Embedding`` / ``F.embedding`` and ``F.one_hot``: indices of any shape gain a trailing
feature (or class) dim; ``nn.Embedding.from_pretrained(weights)`` is the layer of the weights'
sizes (PyTorch reference, Embedding, one_hot)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import extended
from ..core.context import Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Int, TorchModule, Value
from .args import bound_array, int_arg
from .nn_args import dim_of, guess_batched, layer_input


def embedding_shape(ctx: OpContext, idx: Array, dim: D.Dim | None) -> Value:
    """Embedding: indices of any shape -> (*indices.shape, embedding_dim), at an unknown rank too
    (a parameter's ``(*text)`` gives ``(*text, dim)``)."""
    return Array(extended(idx.shape, (dim if dim is not None else ctx.fresh("embedding_dim"),)), "float32")


def embedding_layer(ctx: OpContext, call: Call) -> Value:
    x, _ = layer_input(call)
    if x is None:
        return UNKNOWN
    guess_batched(ctx, x, 2)   # token ids as model code passes them: (batch, sequence)
    return embedding_shape(ctx, x, dim_of(call.args[0].value.param("embedding_dim")))


def functional_embedding(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "weight"))
    x = bound_array(b, "input")
    w = bound_array(b, "weight")
    if x is None or w is None:
        return UNKNOWN
    wd = w.shape.dims
    if wd is not None and len(wd) != 2:
        ctx.fail("SC107", f"{ctx.op}: weight must be 2-D ({ctx.describe(b['weight'])})")
    return embedding_shape(ctx, x, wd[1] if wd is not None else None)


def one_hot(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "num_classes"))
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    n = int_arg(b.get("num_classes"))
    return Array(extended(x.shape, (n if n is not None and n != -1 else ctx.fresh("classes"),)), "int64")


def embedding_weights(m: TorchModule) -> dict[str, tuple | None]:
    """``emb.weight`` is (num_embeddings, embedding_dim)."""
    return {"weight": (m.param("num_embeddings"), m.param("embedding_dim"))}


def from_pretrained(ctx: OpContext, call: Call) -> Value:
    """``nn.Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None, ...)``: an Embedding
    of ``embeddings``' (num_embeddings, embedding_dim); torch asserts the weights 2-D."""
    b = call.bind(("embeddings", "freeze", "padding_idx"))
    w = bound_array(b, "embeddings")
    dims = w.shape.dims if w is not None else None
    if dims is not None and len(dims) != 2:
        ctx.fail("SC107", f"{ctx.op}: Embeddings parameter is expected to be 2-dimensional "
                          f"({ctx.describe(b['embeddings'])})")
    sizes = dims if dims is not None else (ctx.fresh("num_embeddings"), ctx.fresh("embedding_dim"))
    padding = b["padding_idx"].value if "padding_idx" in b else NONE
    return TorchModule("Embedding", (("num_embeddings", Int(sizes[0])), ("embedding_dim", Int(sizes[1])),
                                     ("padding_idx", padding)))
