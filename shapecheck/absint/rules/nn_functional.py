"""``torch.nn.functional`` rules with no layer of their own: ``glu``, ``pad`` (and the padding layers,
``nn.ZeroPad2d`` and its kin, which are ``pad`` of their padding), ``cosine_similarity``,
``scaled_dot_product_attention``, ``pdist``, ``bilinear`` (the layers' functional forms live with the
layers, in the ``nn_*`` modules).
"""

from __future__ import annotations

from dataclasses import replace

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, extended, split_last
from ..core.context import Arg, Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Int, List, Tuple, Value
from .args import bound_array, const_int, normalize_axis
from .kinds import Rule, sig
from .nn_attention import scaled_dot_product_attention_check
from .nn_args import layer_input
from .torch_args import dim_arg, first_input


def glu(ctx: OpContext, call: Call) -> Value:
    """``F.glu(x, dim=-1)``: halves ``dim`` (checked even). Of an array of unknown rank, the dim the known
    dims before (``dim >= 0``) or after (``dim < 0``) its middle name; any other is some dim of the
    middle, and the shape is not known (coqui-tts's ``F.glu(x, dim=1)`` of a conv's ``(..., 2 * hid,
    l)`` output halves its channels: the input unchanged was a false SC102 at the next conv)."""
    a, arg = first_input(call)
    if a is None:
        return UNKNOWN
    shape = a.shape
    if shape.dims == ():
        ctx.fail("SC107", f"{ctx.op}: glu does not support scalars because halving size must be even "
                          f"({ctx.describe(arg)})")
    d = const_int(dim_arg(call, 1, -1))
    if d is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if shape.dims is not None:
        d = normalize_axis(ctx, d, len(shape.dims), "dim")

    def halved(dims: tuple, i: int) -> tuple:
        ctx.require(eq(D.mod(dims[i], 2), 0), "SC107", lambda: (
            f"{ctx.op}: halving dimension must be even, but dimension {d} of {ctx.describe(arg)} is odd"))
        return dims[:i] + (D.floordiv(dims[i], 2),) + dims[i + 1:]

    if 0 <= d < len(shape.prefix):
        return Array(replace(shape, prefix=halved(shape.prefix, d)), a.dtype)
    if shape.dims is None and -len(shape.suffix) <= d < 0:
        return Array(replace(shape, suffix=halved(shape.suffix, len(shape.suffix) + d)), a.dtype)
    return Array(UNKNOWN_SHAPE, a.dtype)


def pad(ctx: OpContext, call: Call) -> Value:
    """``F.pad(x, (left, right, top, bottom, ...))``: pairs pad the last dims, last dim first."""
    bound = call.bind(("input", "pad"))
    a = bound_array(bound, "input")
    pads = bound.get("pad")
    if a is None or pads is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    items = pads.value.items if type(pads.value) in (Tuple, List) else None
    if items is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(items) % 2:
        ctx.fail("SC107", f"{ctx.op}: padding length must be divisible by 2 ({pads.text})")
    if len(items) // 2 > (a.shape.rank if a.shape.rank is not None else len(items) // 2):
        ctx.fail("SC107", f"{ctx.op}: padding length {len(items)} is too large for {ctx.describe(bound['input'])}")
    # an input of unknown rank keeps it: only its last len(pad) // 2 dims change (split_last)
    split = split_last(a.shape, len(items) // 2, ctx.middle_dim)
    if split is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    head, tail, _ = split
    dims = list(tail)
    for i in range(len(items) // 2):
        lo, hi = items[2 * i], items[2 * i + 1]
        if type(lo) is not Int or type(hi) is not Int:
            dims[-1 - i] = ctx.fresh("p")
        else:
            dims[-1 - i] = D.add(dims[-1 - i], D.add(lo.dim, hi.dim))
    return Array(extended(head, tuple(dims)), a.dtype)


def pad_layer(nd: int, batched_only: bool = False) -> Rule:
    """``nn.ZeroPad2d(p)``, ``nn.ConstantPad1d(p, value)``, ``nn.ReflectionPad2d(p)``...: ``F.pad`` of the
    layer's padding, an int padding both sides of each of the last ``nd`` dims (PyTorch reference, ZeroPad2d).
    ``batched_only``: the reflecting, replicating and circular ones take (C, *L) or (N, C, *L) only."""

    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        rank = x.shape.rank
        if batched_only and rank is not None and rank not in (nd + 1, nd + 2):
            ctx.fail("SC107", f"{ctx.op}: expected {nd + 1}-D or {nd + 2}-D input, but {ctx.describe(arg)}")
        padding = call.args[0].value.param("padding")
        if type(padding) is Int:
            padding = Tuple((padding,) * (2 * nd))
        if padding is None:
            return Array(UNKNOWN_SHAPE, x.dtype)
        return pad(ctx, Call(call.name, [arg, Arg(padding)], {}))

    return rule


def cosine_similarity(ctx: OpContext, call: Call) -> Value:
    """``cosine_similarity(x1, x2, dim=1)``: broadcast, then reduce ``dim``."""
    bound = call.bind(("x1", "x2", "dim"))
    arrays = [bound_array(bound, k) for k in ("x1", "x2")]
    if any(a is None for a in arrays):
        return UNKNOWN
    shape = ctx.broadcast([(a.shape, bound[k].text) for a, k in zip(arrays, ("x1", "x2"))])
    if shape is None:
        return Array(UNKNOWN_SHAPE, arrays[0].dtype)
    d = const_int(bound.get("dim")) if "dim" in bound else (1 if ctx.op == "cosine_similarity" else -1)
    if d is None:
        return Array(UNKNOWN_SHAPE, arrays[0].dtype)
    axis = normalize_axis(ctx, d, max(len(shape.prefix), 1), "dim")
    return Array(Shape(shape.prefix[:axis] + shape.prefix[axis + 1:]), arrays[0].dtype)


def pairwise_distance(ctx: OpContext, call: Call) -> Value:
    """``pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False)``: broadcast, then the p-norm over the
    last dim of the broadcast (kept as 1 with ``keepdim``)."""
    bound = call.bind(("x1", "x2", "p", "eps", "keepdim"))
    arrays = [bound_array(bound, k) for k in ("x1", "x2")]
    if any(a is None for a in arrays):
        return UNKNOWN
    shape = ctx.broadcast([(a.shape, bound[k].text) for a, k in zip(arrays, ("x1", "x2"))])
    if shape is None or not shape.prefix:
        return Array(UNKNOWN_SHAPE, arrays[0].dtype)
    keep = bound.get("keepdim")
    if keep is not None and getattr(keep.value, "value", False) is None:   # (a bool not known)
        return Array(UNKNOWN_SHAPE, arrays[0].dtype)
    kept = (1,) if keep is not None and flag(keep.value, False) is True else ()
    return Array(Shape(shape.prefix[:-1] + kept), arrays[0].dtype)


_SDPA = sig("(l,e),(s,e),(s,f)->(l,f)", params=("query", "key", "value"))


def scaled_dot_product_attention(ctx: OpContext, call: Call) -> Value:
    """``F.scaled_dot_product_attention(q, k, v)``: the checks of the layer, then softmax(q k^T) v."""
    scaled_dot_product_attention_check(ctx, call)
    return _SDPA(ctx, Call(call.name, call.args[:3], {k: v for k, v in call.kwargs.items()
                                                      if k in ("query", "key", "value")}))


def pdist(ctx: OpContext, call: Call) -> Value:
    """``F.pdist(input, p=2)``: one distance per pair of the N rows of a 2-D input, N(N-1)/2."""
    b = call.bind(("input", "p"))
    a = bound_array(b, "input")
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    if len(dims) != 2:
        ctx.fail("SC107", f"{ctx.op}: pdist only supports 2D tensors, got: {len(dims)}D ({ctx.describe(b['input'])})")
    n = dims[0]
    return Array(Shape((D.floordiv(D.mul(n, D.sub(n, 1)), 2),)), a.dtype)


def bilinear(ctx: OpContext, call: Call) -> Value:
    """``F.bilinear(input1, input2, weight, bias=None)``: ``x1^T W[o] x2`` for each output o: the inputs'
    batch dims, then ``weight``'s first; their last dims ``weight``'s second and third."""
    b = call.bind(("input1", "input2", "weight", "bias"))
    x1, x2, w = bound_array(b, "input1"), bound_array(b, "input2"), bound_array(b, "weight")
    if x1 is None or x2 is None or w is None or x1.shape.dims is None or w.shape.dims is None:
        return UNKNOWN if x1 is None else Array(UNKNOWN_SHAPE, x1.dtype)
    wd = w.shape.dims
    if len(wd) != 3:
        ctx.fail("SC107", f"{ctx.op}: weight must be 3-D (out, in1, in2), but {ctx.describe(b['weight'])}")
    for x, name, k in ((x1, "input1", 1), (x2, "input2", 2)):
        dims = x.shape.dims
        if dims:
            ctx.require(eq(dims[-1], wd[k]), "SC102", lambda name=name, k=k, dims=dims: (
                f"{ctx.op}: {ctx.describe(b[name])} but {ctx.describe(b['weight'])}: "
                f"{ctx.show_dim(dims[-1])} != {ctx.show_dim(wd[k])}"))
    return Array(Shape(x1.shape.dims[:-1] + (wd[0],)), x1.dtype)
