"""torch.nn layers and their torch.nn.functional counterparts: convolutions, pooling, normalisation,
embeddings, attention, recurrent layers and losses.

A layer built in the analysed code (``nn.Conv2d(3, 16, 5)``) is a :class:`TorchModule` holding its
constructor arguments; calling it runs the layer's rule from :data:`LAYER_CALLS`. A layer and its
functional form share one pure shape function (``conv_shape`` serves ``nn.Conv2d`` and
``F.conv2d``). Output sizes are the formulas of the PyTorch reference pages (Conv2d, MaxPool2d,
ConvTranspose2d, LSTM, MultiheadAttention); errors are the ones torch raises, with our codes:
a dimension that disagrees with the layer's declared size is SC102, a rank the layer does not
accept or an impossible argument is SC107.
"""

from __future__ import annotations

from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import eq, ge
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import (
    NONE,
    UNKNOWN,
    Array,
    Bool,
    Dict,
    Int,
    List,
    Method,
    Str,
    TorchModule,
    Tuple,
    Value,
    as_tensor,
)
from .args import as_array, const_int, int_arg, is_none, normalize_axis
from .kinds import Rule
from .manipulation import flatten_shape, unflatten_shape

_Dims = tuple  # a tuple of Dim


# == reading layer arguments ========================================================================

def dim_of(v: Value | None) -> D.Dim | None:
    """An int argument as a dim (None when absent or not an int)."""
    return v.dim if v is not None and type(v) is Int else None


def per_dim(v: Value | None, n: int, default: D.Dim | None = None) -> _Dims | None:
    """``kernel_size=3`` or ``(3, 5)`` as n dims (torch's ``_pair``/``_triple``); None when unknown."""
    if v is None or v is NONE:
        return None if default is None else (default,) * n
    if type(v) is Int:
        return (v.dim,) * n
    if type(v) in (Tuple, List) and v.items is not None and len(v.items) == n and all(
            type(i) is Int for i in v.items):
        return tuple(i.dim for i in v.items)
    return None


def _param(m: TorchModule, name: str, default: Value | None = None) -> Value | None:
    v = m.param(name)
    return default if v is None else v


def _input(call: Call, index: int = 1, name: str = "input") -> tuple[Array | None, Arg | None]:
    """A layer's input: ``call.args[0]`` is the layer itself, its inputs follow."""
    arg = call.args[index] if len(call.args) > index else call.kwargs.get(name)
    return (as_array(arg.value) if arg is not None else None), arg


def _same(a: Array, shape: Shape) -> Array:
    return Array(shape, a.dtype)


# == linear =========================================================================================

def linear_shape(ctx: OpContext, x: Array, x_arg: Arg, in_features: D.Dim | None, out_dims: tuple,
                 what: str) -> Value:
    """``y = x @ W.T + b``: x is (*, in_features), y is (*, *out_dims) (``out_dims`` is () for a 1-D weight)."""
    dims = x.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)}: a 0-d input has no features to transform")
    if in_features is not None:
        ctx.require(eq(dims[-1], in_features), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {what}: {ctx.show_dim(dims[-1])} != {ctx.show_dim(in_features)}"))
    return Array(Shape(dims[:-1] + out_dims), x.dtype)


def _linear_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    n_in, n_out = dim_of(m.param("in_features")), dim_of(m.param("out_features"))
    return linear_shape(ctx, x, arg, n_in, (n_out if n_out is not None else ctx.fresh("out_features"),),
                        f"the layer takes in_features={ctx.show_dim(n_in) if n_in is not None else '?'}")


def functional_linear(ctx: OpContext, call: Call) -> Value:
    """``F.linear(x, weight, bias)``: weight is (out, in) or (in,); bias broadcasts with the result."""
    bound = call.bind(("input", "weight", "bias"))
    x = as_array(bound["input"].value) if "input" in bound else None
    w = as_array(bound["weight"].value) if "weight" in bound else None
    if x is None or w is None:
        return UNKNOWN
    wd = w.shape.dims
    if wd is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if len(wd) not in (1, 2):
        ctx.fail("SC107", f"{ctx.op}: weight must be 1-D or 2-D ({ctx.describe(bound['weight'])})")
    what = f"{ctx.describe(bound['weight'])}"
    out = linear_shape(ctx, x, bound["input"], wd[-1], wd[:1] if len(wd) == 2 else (), what)
    b = bound.get("bias")
    if type(out) is Array and b is not None and not is_none(b) and as_array(b.value) is not None:
        shape = ctx.broadcast([(out.shape, "x @ weight.T"), (as_array(b.value).shape, b.text)])
        return Array(shape or UNKNOWN_SHAPE, out.dtype)
    return out


# == convolution and pooling ========================================================================

def _spatial(ctx: OpContext, x: Array, x_arg: Arg, nd: int) -> tuple[_Dims, _Dims] | None:
    """Split a conv/pool input into (batch-and-channel dims, spatial dims); unbatched input allowed."""
    dims = x.shape.dims
    if dims is None:
        return None
    if len(dims) not in (nd + 1, nd + 2):
        ctx.fail("SC107", f"{ctx.op}: expected {nd + 1}-D (unbatched) or {nd + 2}-D (batched) input, "
                          f"but {ctx.describe(x_arg)}")
    return dims[:-nd], dims[-nd:]


def window_out(length: D.Dim, kernel: D.Dim, stride: D.Dim, padding: D.Dim, dilation: D.Dim = 1) -> D.Dim:
    """floor((L + 2p - d(k-1) - 1) / s) + 1: the Conv2d / MaxPool2d output size."""
    reach = D.add(D.mul(dilation, D.sub(kernel, 1)), 1)
    return D.add(D.floordiv(D.sub(D.add(length, D.mul(2, padding)), reach), stride), 1)


def _require_window(ctx: OpContext, length: D.Dim, kernel: D.Dim, padding: D.Dim, dilation: D.Dim,
                    axis: int) -> None:
    reach = D.add(D.mul(dilation, D.sub(kernel, 1)), 1)
    padded = D.add(length, D.mul(2, padding))
    ctx.require(ge(padded, reach), "SC107", lambda: (
        f"{ctx.op}: kernel size {ctx.show_dim(reach)} is larger than the padded input size "
        f"{ctx.show_dim(padded)} along spatial dim {axis}"))


def conv_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, cin: D.Dim | None, cout: D.Dim | None,
               kernel: _Dims | None, stride: _Dims | None, padding: Value | None, dilation: _Dims | None,
               what: str) -> Value:
    """Conv{nd}d: (N, C_in, *L) -> (N, C_out, *L_out), L_out = floor((L + 2p - d(k-1) - 1)/s) + 1."""
    split = _spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split
    if cin is not None:
        ctx.require(eq(lead[-1], cin), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {what}: {ctx.show_dim(lead[-1])} != {ctx.show_dim(cin)} "
            f"(channels, dim {len(lead) - 1})"))
    channels = cout if cout is not None else ctx.fresh("out_channels")
    stride = stride or (1,) * nd
    dilation = dilation or (1,) * nd
    mode = padding.value if type(padding) is Str else None
    if mode == "same":
        if any(s != 1 for s in stride):
            ctx.fail("SC107", f"{ctx.op}: padding='same' is not supported for strided convolutions")
        return Array(Shape(lead[:-1] + (channels,) + spatial), x.dtype)
    pads = (0,) * nd if mode == "valid" else per_dim(padding, nd, 0)
    if kernel is None or pads is None or type(padding) is Str and mode != "valid":
        return Array(Shape(lead[:-1] + (channels,) + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = []
    for axis, (length, k, s, p, d) in enumerate(zip(spatial, kernel, stride, pads, dilation)):
        _require_window(ctx, length, k, p, d, axis)
        out.append(window_out(length, k, s, p, d))
    return Array(Shape(lead[:-1] + (channels,) + tuple(out)), x.dtype)


def _conv_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = _input(call)
        if x is None:
            return UNKNOWN
        cin = dim_of(m.param("in_channels"))
        return conv_shape(ctx, x, arg, nd, cin, dim_of(m.param("out_channels")),
                          per_dim(m.param("kernel_size"), nd), per_dim(_param(m, "stride"), nd, 1),
                          _param(m, "padding", Int(0)), per_dim(_param(m, "dilation"), nd, 1),
                          f"the layer takes in_channels={ctx.show_dim(cin) if cin is not None else '?'}")

    return rule


def functional_conv(nd: int) -> Rule:
    """``F.conv2d(x, weight, bias, stride, padding, dilation, groups)``: weight is (C_out, C_in/groups, *k)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("input", "weight", "bias", "stride", "padding", "dilation", "groups"))
        x = as_array(b["input"].value) if "input" in b else None
        w = as_array(b["weight"].value) if "weight" in b else None
        if x is None or w is None:
            return UNKNOWN
        wd = w.shape.dims
        if wd is None:
            return Array(UNKNOWN_SHAPE, x.dtype)
        if len(wd) != nd + 2:
            ctx.fail("SC107", f"{ctx.op}: weight must be {nd + 2}-D ({ctx.describe(b['weight'])})")
        groups = int_arg(b.get("groups")) or 1
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        return conv_shape(ctx, x, b["input"], nd, D.mul(wd[1], groups), wd[0], wd[2:],
                          per_dim(value("stride"), nd, 1), value("padding") or Int(0),
                          per_dim(value("dilation"), nd, 1), ctx.describe(b["weight"]))

    return rule


def transposed_conv_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, m: TorchModule) -> Value:
    """ConvTranspose: L_out = (L - 1)s - 2p + d(k - 1) + output_padding + 1."""
    split = _spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split
    cin = dim_of(m.param("in_channels"))
    if cin is not None:
        ctx.require(eq(lead[-1], cin), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but the layer takes in_channels={ctx.show_dim(cin)}: "
            f"{ctx.show_dim(lead[-1])} != {ctx.show_dim(cin)}"))
    channels = dim_of(m.param("out_channels")) or ctx.fresh("c")
    kernel = per_dim(m.param("kernel_size"), nd)
    stride, pads = per_dim(_param(m, "stride"), nd, 1), per_dim(_param(m, "padding"), nd, 0)
    extra, dilation = per_dim(_param(m, "output_padding"), nd, 0), per_dim(_param(m, "dilation"), nd, 1)
    if None in (kernel, stride, pads, extra, dilation):
        return Array(Shape(lead[:-1] + (channels,) + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = tuple(D.add(D.add(D.sub(D.mul(D.sub(length, 1), s), D.mul(2, p)), D.mul(d, D.sub(k, 1))), e + 1
                      if type(e) is int else D.add(e, 1))
                for length, k, s, p, d, e in zip(spatial, kernel, stride, pads, dilation, extra))
    return Array(Shape(lead[:-1] + (channels,) + out), x.dtype)


def _transposed_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = _input(call)
        return UNKNOWN if x is None else transposed_conv_shape(ctx, x, arg, nd, call.args[0].value)

    return rule


def pool_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, kernel: _Dims | None, stride: _Dims | None,
               padding: _Dims | None, dilation: _Dims | None, ceil_mode: bool) -> Value:
    """MaxPool/AvgPool: channels kept, spatial dims by the conv formula; stride defaults to the kernel."""
    split = _spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split
    stride = stride or kernel
    if kernel is None or stride is None or padding is None or dilation is None:
        return Array(Shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = []
    for axis, (length, k, s, p, d) in enumerate(zip(spatial, kernel, stride, padding, dilation)):
        if type(p) is int and type(k) is int and p > k // 2:
            ctx.fail("SC107", f"{ctx.op}: pad should be at most half of the kernel size, but got pad={p} "
                              f"and kernel_size={k}")
        _require_window(ctx, length, k, p, d, axis)
        if ceil_mode:
            out.append(_ceil_window(ctx, length, k, s, p, d))
        else:
            out.append(window_out(length, k, s, p, d))
    return Array(Shape(lead + tuple(out)), x.dtype)


def _ceil_window(ctx: OpContext, length, k, s, p, d) -> D.Dim:
    if not all(type(v) is int for v in (length, k, s, p, d)):
        return ctx.fresh("l")
    span = length + 2 * p - d * (k - 1) - 1
    out = -(-span // s) + 1
    if (out - 1) * s >= length + p:   # the last window may not start in the right padding
        out -= 1
    return out


def _pool_layer(nd: int, dilated: bool) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = _input(call)
        if x is None:
            return UNKNOWN
        ceil = _param(m, "ceil_mode")
        return pool_shape(ctx, x, arg, nd, per_dim(m.param("kernel_size"), nd), per_dim(m.param("stride"), nd),
                          per_dim(_param(m, "padding"), nd, 0),
                          per_dim(_param(m, "dilation") if dilated else None, nd, 1),
                          type(ceil) is Bool and ceil.value is True)

    return rule


def functional_pool(nd: int, dilated: bool) -> Rule:
    names = (("input", "kernel_size", "stride", "padding", "dilation", "ceil_mode") if dilated
             else ("input", "kernel_size", "stride", "padding", "ceil_mode"))

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(names)
        x = as_array(b["input"].value) if "input" in b else None
        if x is None:
            return UNKNOWN
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        ceil = value("ceil_mode")
        return pool_shape(ctx, x, b["input"], nd, per_dim(value("kernel_size"), nd), per_dim(value("stride"), nd),
                          per_dim(value("padding"), nd, 0), per_dim(value("dilation") if dilated else None, nd, 1),
                          type(ceil) is Bool and ceil.value is True)

    return rule


def adaptive_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, size: Value | None) -> Value:
    """AdaptiveAvgPool: the spatial dims become ``output_size`` (a None entry keeps the input's)."""
    split = _spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split
    items = (size,) * nd if type(size) is Int else size.items if type(size) in (Tuple, List) else None
    if items is None or len(items) != nd:
        return Array(Shape(lead + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = tuple(old if i is NONE else i.dim if type(i) is Int else ctx.fresh("l") for old, i in zip(spatial, items))
    return Array(Shape(lead + out), x.dtype)


def _adaptive_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = _input(call)
        return UNKNOWN if x is None else adaptive_shape(ctx, x, arg, nd, call.args[0].value.param("output_size"))

    return rule


def functional_adaptive(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("input", "output_size"))
        x = as_array(b["input"].value) if "input" in b else None
        if x is None:
            return UNKNOWN
        return adaptive_shape(ctx, x, b["input"], nd, b["output_size"].value if "output_size" in b else None)

    return rule


# == normalisation ==================================================================================

def _normalized(v: Value | None) -> _Dims | None:
    if type(v) is Int:
        return (v.dim,)
    if type(v) in (Tuple, List) and v.items is not None and all(type(i) is Int for i in v.items):
        return tuple(i.dim for i in v.items)
    return None


def layer_norm_shape(ctx: OpContext, x: Array, x_arg: Arg, normalized: _Dims | None) -> Value:
    """LayerNorm: the trailing dims of x must be ``normalized_shape``; the shape is kept."""
    dims = x.shape.dims
    if dims is None or normalized is None:
        return x
    shown = Shape(normalized)
    if len(dims) < len(normalized):
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)} has fewer dimensions than normalized_shape "
                          f"{ctx.show_shape(shown)}")
    for offset, want in enumerate(normalized):
        axis = len(dims) - len(normalized) + offset
        got = dims[axis]
        ctx.require(eq(got, want), "SC102", lambda got=got, want=want, axis=axis: (
            f"{ctx.op}: {ctx.describe(x_arg)} but normalized_shape is {ctx.show_shape(shown)}: "
            f"{ctx.show_dim(got)} != {ctx.show_dim(want)} (dim {axis})"))
    return x


def _layer_norm_layer(ctx: OpContext, call: Call) -> Value:
    x, arg = _input(call)
    return UNKNOWN if x is None else layer_norm_shape(ctx, x, arg, _normalized(call.args[0].value.param("normalized_shape")))


def functional_layer_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "normalized_shape", "weight", "bias"))
    x = as_array(b["input"].value) if "input" in b else None
    if x is None:
        return UNKNOWN
    normalized = _normalized(b["normalized_shape"].value) if "normalized_shape" in b else None
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
    """BatchNorm/GroupNorm: x is (N, C, *) with C the layer's channel count; the shape is kept."""
    dims = x.shape.dims
    if dims is None:
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


def _batch_norm_layer(ranks: tuple[int, ...]) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = _input(call)
        if x is None:
            return UNKNOWN
        return channel_norm_shape(ctx, x, arg, ranks, dim_of(call.args[0].value.param("num_features")),
                                  "the layer takes num_features")

    return rule


def _group_norm_layer(ctx: OpContext, call: Call) -> Value:
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    return channel_norm_shape(ctx, x, arg, (), dim_of(call.args[0].value.param("num_channels")),
                              "the layer takes num_channels")


def functional_batch_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "running_mean", "running_var", "weight", "bias"))
    x = as_array(b["input"].value) if "input" in b else None
    if x is None:
        return UNKNOWN
    stats = as_array(b["running_mean"].value) if "running_mean" in b and not is_none(b["running_mean"]) else None
    channels = stats.shape.dims[0] if stats is not None and stats.shape.dims and len(stats.shape.dims) == 1 else None
    return channel_norm_shape(ctx, x, b["input"], (), channels, "running_mean has C")


def functional_group_norm(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "num_groups"))
    x = as_array(b["input"].value) if "input" in b else None
    groups = dim_of(b["num_groups"].value) if "num_groups" in b else None
    if x is None:
        return UNKNOWN
    if x.shape.dims is not None and len(x.shape.dims) >= 2 and groups is not None:
        c = x.shape.dims[1]
        ctx.require(eq(D.mod(c, groups), 0), "SC107", lambda: (
            f"{ctx.op}: {ctx.show_dim(c)} channels are not divisible into {ctx.show_dim(groups)} groups"))
    return x


# == embeddings =====================================================================================

def embedding_shape(ctx: OpContext, idx: Array, dim: D.Dim | None) -> Value:
    """Embedding: indices of any shape -> (*indices.shape, embedding_dim)."""
    if idx.shape.dims is None:
        return Array(UNKNOWN_SHAPE, "float32")
    return Array(Shape(idx.shape.dims + (dim if dim is not None else ctx.fresh("embedding_dim"),)), "float32")


def _embedding_layer(ctx: OpContext, call: Call) -> Value:
    x, _ = _input(call)
    return UNKNOWN if x is None else embedding_shape(ctx, x, dim_of(call.args[0].value.param("embedding_dim")))


def functional_embedding(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "weight"))
    x = as_array(b["input"].value) if "input" in b else None
    w = as_array(b["weight"].value) if "weight" in b else None
    if x is None or w is None:
        return UNKNOWN
    wd = w.shape.dims
    if wd is not None and len(wd) != 2:
        ctx.fail("SC107", f"{ctx.op}: weight must be 2-D ({ctx.describe(b['weight'])})")
    return embedding_shape(ctx, x, wd[1] if wd is not None else None)


def one_hot(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "num_classes"))
    x = as_array(b["input"].value) if "input" in b else None
    if x is None or x.shape.dims is None:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, "int64")
    n = int_arg(b.get("num_classes"))
    return Array(Shape(x.shape.dims + (n if n is not None and n != -1 else ctx.fresh("classes"),)), "int64")


# == attention and recurrent layers =================================================================

def _check_divisible(ctx: OpContext, total: D.Dim | None, parts: D.Dim | None, what: str) -> None:
    if total is not None and parts is not None:
        if parts == 0:
            ctx.fail("SC107", f"{ctx.op}: {what} must be positive")
        ctx.require(eq(D.mod(total, parts), 0), "SC107", lambda: (
            f"{ctx.op}: {what}: {ctx.show_dim(total)} is not divisible by {ctx.show_dim(parts)}"))


def _require_last(ctx: OpContext, a: Array, arg: Arg, want: D.Dim | None, what: str) -> None:
    dims = a.shape.dims
    if dims is None or want is None:
        return
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}: a 0-d input has no feature dimension")
    ctx.require(eq(dims[-1], want), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(arg)} but {what}={ctx.show_dim(want)}: "
        f"{ctx.show_dim(dims[-1])} != {ctx.show_dim(want)}"))


def _flag(m: TorchModule, name: str) -> bool:
    v = m.param(name)
    return type(v) is Bool and v.value is True


def _attention_layer(ctx: OpContext, call: Call) -> Value:
    """MultiheadAttention(query, key, value): batched (L, N, E) or (N, L, E) with batch_first; unbatched (L, E).

    Returns (attn_output shaped like query, attn_weights (N, L, S), or (N, heads, L, S) unaveraged)."""
    m = call.args[0].value
    b = call.bind(("self", "query", "key", "value"))
    arrays = [as_array(b[k].value) if k in b else None for k in ("query", "key", "value")]
    if any(a is None for a in arrays):
        return UNKNOWN
    q, k, v = arrays
    embed = dim_of(m.param("embed_dim"))
    _require_last(ctx, q, b["query"], embed, "embed_dim")
    _require_last(ctx, k, b["key"], dim_of(m.param("kdim")) or embed, "kdim")
    _require_last(ctx, v, b["value"], dim_of(m.param("vdim")) or embed, "vdim")
    qd, kd, vd = q.shape.dims, k.shape.dims, v.shape.dims
    if qd is None or kd is None or vd is None:
        return Tuple((Array(q.shape, q.dtype), Array(UNKNOWN_SHAPE, q.dtype)))
    if not (len(qd) == len(kd) == len(vd)) or len(qd) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: query, key and value must all be 2-D (unbatched) or 3-D (batched): "
                          f"{ctx.describe(b['query'])}, {ctx.describe(b['key'])}, {ctx.describe(b['value'])}")
    batch_first = _flag(m, "batch_first") and len(qd) == 3
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
    if need is not None and getattr(need.value, "value", None) is False:
        return Tuple((out, NONE))
    length, source = qd[seq], kd[seq]
    average = call.kwargs.get("average_attn_weights")
    heads = () if average is None or getattr(average.value, "value", None) is not False else (
        dim_of(m.param("num_heads")) or ctx.fresh("heads"),)
    lead = (qd[0 if batch_first else 1],) if len(qd) == 3 else ()
    return Tuple((out, Array(Shape(lead + heads + (length, source)), q.dtype)))


def _recurrent_layer(ctx: OpContext, call: Call) -> Value:
    """RNN/GRU/LSTM: input (L, N, H_in) (or (N, L, H_in) batch_first, or unbatched (L, H_in)).

    output: (L, N, D*H_out); h_n: (D*num_layers, N, H_out); LSTM adds c_n (D*num_layers, N, hidden)."""
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    _require_last(ctx, x, arg, dim_of(m.param("input_size")), "the layer takes input_size")
    dims = x.shape.dims
    if dims is None:
        return UNKNOWN
    if len(dims) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: expected 2-D (unbatched) or 3-D (batched) input, but {ctx.describe(arg)}")
    directions = 2 if _flag(m, "bidirectional") else 1
    layers = dim_of(_param(m, "num_layers", Int(1)))
    hidden = dim_of(m.param("hidden_size")) or ctx.fresh("hidden")
    proj = dim_of(m.param("proj_size"))
    h_out = proj if proj not in (None, 0) else hidden
    states = D.mul(directions, layers) if layers is not None else ctx.fresh("layers")
    output = Array(Shape(dims[:-1] + (D.mul(directions, h_out),)), x.dtype)
    batch = () if len(dims) == 2 else (dims[0] if _flag(m, "batch_first") else dims[1],)
    h_n = Array(Shape((states,) + batch + (h_out,)), x.dtype)
    if m.kind == "LSTM":
        return Tuple((output, Tuple((h_n, Array(Shape((states,) + batch + (hidden,)), x.dtype)))))
    return Tuple((output, h_n))


def _transformer_layer(ctx: OpContext, call: Call) -> Value:
    """TransformerEncoderLayer/DecoderLayer: (..., d_model) in, the same shape out."""
    m = call.args[0].value
    x, arg = _input(call, 1, "src" if m.kind.startswith("TransformerEncoder") else "tgt")
    if x is None:
        return UNKNOWN
    d_model = dim_of(m.param("d_model"))
    _require_last(ctx, x, arg, d_model, "d_model")
    if m.kind == "TransformerDecoderLayer":
        memory, marg = _input(call, 2, "memory")
        if memory is not None:
            _require_last(ctx, memory, marg, d_model, "d_model")
    return x


def _stacked_layer(ctx: OpContext, call: Call) -> Value:
    """TransformerEncoder(layer, num_layers): the layer's rule (every copy has the same shapes)."""
    layer = call.args[0].value.param("encoder_layer") or call.args[0].value.param("decoder_layer")
    if type(layer) is not TorchModule or layer.kind not in LAYER_CALLS:
        return UNKNOWN
    return LAYER_CALLS[layer.kind](ctx, Call(call.name, [Arg(layer)] + call.args[1:], call.kwargs))


def scaled_dot_product_attention_check(ctx: OpContext, call: Call) -> None:
    """Nothing beyond the gufunc signature the table gives it; kept for the mask's broadcast."""
    b = call.bind(("query", "key", "value", "attn_mask"))
    mask = b.get("attn_mask")
    q, k = (as_array(b[n].value) if n in b else None for n in ("query", "key"))
    if mask is None or is_none(mask) or q is None or k is None or as_array(mask.value) is None:
        return
    if q.shape.dims is None or k.shape.dims is None or len(q.shape.dims) < 2 or len(k.shape.dims) < 2:
        return
    scores = Shape(q.shape.dims[:-1] + (k.shape.dims[-2],))
    ctx.broadcast([(scores, "query @ key.T"), (as_array(mask.value).shape, mask.text)])


# == losses =========================================================================================

def _reduction(call: Call, m: TorchModule | None = None) -> str | None:
    arg = call.kwargs.get("reduction")
    v = arg.value if arg is not None else (m.param("reduction") if m is not None else None)
    if v is None:
        return "mean"
    return v.value if type(v) is Str else None


def _reduced(a: Array, reduction: str | None, elementwise: Shape) -> Value:
    if reduction == "none":
        return Array(elementwise, a.dtype)
    if reduction in ("mean", "sum"):
        return Array(Shape(()), a.dtype)
    return Array(UNKNOWN_SHAPE, a.dtype)


def class_loss_shape(ctx: OpContext, x: Array, x_arg: Arg, t: Array, t_arg: Arg, reduction: str | None) -> Value:
    """cross_entropy/nll_loss: input (N, C, *d) or (C,); target class indices (N, *d) / (), or
    class probabilities shaped like the input."""
    xd, td = x.shape.dims, t.shape.dims
    if xd is None or td is None:
        return _reduced(x, reduction, UNKNOWN_SHAPE)
    if not xd:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)}: the input needs a class dimension")
    class_axis = 1 if len(xd) >= 2 else 0
    if len(td) == len(xd):   # probabilities
        want = xd
    elif len(td) == len(xd) - 1:
        want = xd[:class_axis] + xd[class_axis + 1:]
    else:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)} but {ctx.describe(t_arg)}: the target must have "
                          f"the input's dimensions without the class dimension (or all of them, for probabilities)")
        return UNKNOWN
    for axis, (got, exp) in enumerate(zip(td, want)):
        ctx.require(eq(got, exp), "SC102", lambda got=got, exp=exp, axis=axis: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {ctx.describe(t_arg)}: {ctx.show_dim(exp)} != "
            f"{ctx.show_dim(got)} (target dim {axis}{', the batch' if axis == 0 and len(xd) >= 2 else ''})"))
    return _reduced(x, reduction, Shape(xd[:class_axis] + xd[class_axis + 1:]))


def pointwise_loss_shape(ctx: OpContext, x: Array, x_arg: Arg, t: Array, t_arg: Arg, reduction: str | None,
                         exact: bool) -> Value:
    """mse_loss/l1_loss/kl_div broadcast input and target; the BCE losses need equal shapes."""
    if exact and x.shape.dims is not None and t.shape.dims is not None:
        same = len(x.shape.dims) == len(t.shape.dims)
        for axis, (a, c) in enumerate(zip(x.shape.dims, t.shape.dims) if same else [(0, 1)]):
            ctx.require(eq(a, c), "SC101", lambda: (
                f"{ctx.op}: the target size must be the same as the input size: {ctx.describe(x_arg)} but "
                f"{ctx.describe(t_arg)}"))
        return _reduced(x, reduction, x.shape)
    shape = ctx.broadcast([(x.shape, x_arg.text), (t.shape, t_arg.text)])
    return _reduced(x, reduction, shape or UNKNOWN_SHAPE)


def _loss_pair(call: Call, first: int) -> tuple | None:
    args = call.args[first:]
    x_arg = args[0] if args else call.kwargs.get("input")
    t_arg = args[1] if len(args) > 1 else call.kwargs.get("target")
    if x_arg is None or t_arg is None:
        return None
    x, t = as_array(x_arg.value), as_array(t_arg.value)
    if x is None or t is None:
        return None
    return x, x_arg, t, t_arg


_EXACT_LOSSES = ("binary_cross_entropy", "binary_cross_entropy_with_logits", "BCELoss", "BCEWithLogitsLoss")
_CLASS_LOSSES = ("cross_entropy", "nll_loss", "CrossEntropyLoss", "NLLLoss")


def functional_loss(ctx: OpContext, call: Call) -> Value:
    pair = _loss_pair(call, 0)
    if pair is None:
        return UNKNOWN
    if ctx.op in _CLASS_LOSSES:
        return class_loss_shape(ctx, *pair, _reduction(call))
    return pointwise_loss_shape(ctx, *pair, _reduction(call), ctx.op in _EXACT_LOSSES)


def _loss_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    pair = _loss_pair(call, 1)
    if pair is None:
        return UNKNOWN
    if m.kind in _CLASS_LOSSES:
        return class_loss_shape(ctx, *pair, _reduction(call, m))
    return pointwise_loss_shape(ctx, *pair, _reduction(call, m), m.kind in _EXACT_LOSSES)


# == containers and shape-only layers ===============================================================

def _sequential_layer(ctx: OpContext, call: Call) -> Value:
    """Sequential: each layer's rule in turn; a failing layer is named by its index."""
    layers = call.args[0].value.param("layers")
    if type(layers) is not Tuple or len(call.args) < 2:
        return UNKNOWN
    current = call.args[1]
    for index, layer in enumerate(layers.items):
        if type(layer) is TorchModule:
            rule = LAYER_CALLS.get(layer.kind)
            if rule is None:
                return UNKNOWN
            sub = OpContext(ctx.interp, ctx.node, f"{ctx.op}[{index}] ({layer.kind})")
            value = rule(sub, Call(layer.kind, [Arg(layer), current]))
        else:   # a user-defined nn.Module (its forward) or any other callable
            value = ctx.interp.call(ctx.node, layer, [current], {})
        value = as_tensor(value)
        if value is UNKNOWN:
            return UNKNOWN
        current = Arg(value, f"the output of {ctx.op}[{index}]")
    return current.value


def _same_shape_layer(ctx: OpContext, call: Call) -> Value:
    x, _ = _input(call)
    return UNKNOWN if x is None else x


def _along_dim_layer(ctx: OpContext, call: Call) -> Value:
    """Softmax(dim)/LogSoftmax(dim): shape kept; the dim must exist."""
    x, _ = _input(call)
    if x is None:
        return UNKNOWN
    d = const_int(Arg(call.args[0].value.param("dim") or NONE))
    if d is not None and x.shape.dims is not None:
        normalize_axis(ctx, d, max(len(x.shape.dims), 1), "dim")
    return x


def _flatten_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    return flatten_shape(ctx, x, const_int(Arg(_param(m, "start_dim", Int(1)))),
                         const_int(Arg(_param(m, "end_dim", Int(-1)))))


def _unflatten_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    return unflatten_shape(ctx, x, m.param("dim"), m.param("unflattened_size"))


def _upsample_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    x, _ = _input(call)
    return UNKNOWN if x is None else interpolate_shape(ctx, x, m.param("size"), m.param("scale_factor"))


def interpolate_shape(ctx: OpContext, x: Array, size: Value | None, scale: Value | None) -> Value:
    """interpolate/Upsample on (N, C, *spatial): spatial dims become ``size``, or floor(L * scale)."""
    dims = x.shape.dims
    if dims is None or len(dims) < 3:
        return Array(UNKNOWN_SHAPE, x.dtype) if dims is None or len(dims) >= 3 else x
    nd = len(dims) - 2
    if size is not None and size is not NONE:
        target = per_dim(size, nd)
        return Array(Shape(dims[:2] + (target if target is not None else tuple(ctx.fresh("l") for _ in range(nd)))),
                     x.dtype)
    factors = per_dim(scale, nd) if type(scale) is not Tuple or scale.items is None else (
        tuple(i.dim if type(i) is Int else None for i in scale.items))
    if factors is None or any(f is None for f in factors):
        return Array(Shape(dims[:2] + tuple(ctx.fresh("l") for _ in range(nd))), x.dtype)
    return Array(Shape(dims[:2] + tuple(D.mul(d, f) for d, f in zip(dims[2:], factors))), x.dtype)


def functional_interpolate(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("input", "size", "scale_factor"))
    x = as_array(b["input"].value) if "input" in b else None
    if x is None:
        return UNKNOWN
    value = lambda k: b[k].value if k in b else None  # noqa: E731
    return interpolate_shape(ctx, x, value("size"), value("scale_factor"))


# == constructors ===================================================================================

#: Each layer's constructor parameters, in torch's order (the PyTorch reference signatures).
LAYER_PARAMS: dict[str, tuple[str, ...]] = {
    "Linear": ("in_features", "out_features", "bias"),
    "LazyLinear": ("out_features", "bias"),
    **{f"Conv{n}d": ("in_channels", "out_channels", "kernel_size", "stride", "padding", "dilation", "groups",
                     "bias", "padding_mode") for n in (1, 2, 3)},
    **{f"ConvTranspose{n}d": ("in_channels", "out_channels", "kernel_size", "stride", "padding",
                              "output_padding", "groups", "bias", "dilation") for n in (1, 2, 3)},
    **{f"MaxPool{n}d": ("kernel_size", "stride", "padding", "dilation", "return_indices", "ceil_mode")
       for n in (1, 2, 3)},
    **{f"AvgPool{n}d": ("kernel_size", "stride", "padding", "ceil_mode") for n in (1, 2, 3)},
    **{f"Adaptive{kind}Pool{n}d": ("output_size",) for kind in ("Avg", "Max") for n in (1, 2, 3)},
    **{f"BatchNorm{n}d": ("num_features", "eps", "momentum", "affine") for n in (1, 2, 3)},
    **{f"InstanceNorm{n}d": ("num_features", "eps", "momentum", "affine") for n in (1, 2, 3)},
    "GroupNorm": ("num_groups", "num_channels", "eps", "affine"),
    "LayerNorm": ("normalized_shape", "eps", "elementwise_affine"),
    "RMSNorm": ("normalized_shape", "eps", "elementwise_affine"),
    "Embedding": ("num_embeddings", "embedding_dim", "padding_idx"),
    "MultiheadAttention": ("embed_dim", "num_heads", "dropout", "bias", "add_bias_kv", "add_zero_attn",
                           "kdim", "vdim", "batch_first"),
    **{kind: ("input_size", "hidden_size", "num_layers", "bias", "batch_first", "dropout", "bidirectional")
       for kind in ("RNN", "GRU", "LSTM")},
    "TransformerEncoderLayer": ("d_model", "nhead", "dim_feedforward", "dropout", "activation",
                                "layer_norm_eps", "batch_first", "norm_first"),
    "TransformerDecoderLayer": ("d_model", "nhead", "dim_feedforward", "dropout", "activation",
                                "layer_norm_eps", "batch_first", "norm_first"),
    "TransformerEncoder": ("encoder_layer", "num_layers"),
    "TransformerDecoder": ("decoder_layer", "num_layers"),
    "Flatten": ("start_dim", "end_dim"),
    "Unflatten": ("dim", "unflattened_size"),
    "Softmax": ("dim",), "LogSoftmax": ("dim",), "Softmin": ("dim",),
    "Upsample": ("size", "scale_factor", "mode"),
    "Sequential": ("*layers",),
    **{kind: ("weight", "size_average", "ignore_index", "reduce", "reduction") for kind in _CLASS_LOSSES[2:]},
    **{kind: ("size_average", "reduce", "reduction") for kind in (
        "MSELoss", "L1Loss", "SmoothL1Loss", "HuberLoss", "KLDivLoss", "BCELoss", "BCEWithLogitsLoss")},
}

#: Layers that keep their input's shape (activations, dropout, identity).
SHAPE_PRESERVING = """ReLU ReLU6 GELU SiLU Mish Tanh Sigmoid LeakyReLU ELU SELU CELU Softplus Softsign Hardtanh
Hardswish Hardsigmoid PReLU LogSigmoid Tanhshrink Softshrink Hardshrink Threshold GLU Dropout Dropout1d Dropout2d
Dropout3d AlphaDropout Identity""".split()


def _construction_checks(ctx: OpContext, kind: str, params: dict[str, Value]) -> None:
    """What torch checks when a layer is built (divisibility of heads and groups)."""
    get = lambda k: dim_of(params.get(k))  # noqa: E731
    if kind == "MultiheadAttention":
        _check_divisible(ctx, get("embed_dim"), get("num_heads"), "embed_dim must be divisible by num_heads")
    elif kind.startswith("TransformerEncoderLayer") or kind.startswith("TransformerDecoderLayer"):
        _check_divisible(ctx, get("d_model"), get("nhead"), "d_model must be divisible by nhead")
    elif kind.startswith("Conv"):
        groups = get("groups")
        if groups is not None and groups != 1:
            _check_divisible(ctx, get("in_channels"), groups, "in_channels must be divisible by groups")
            _check_divisible(ctx, get("out_channels"), groups, "out_channels must be divisible by groups")
    elif kind == "GroupNorm":
        _check_divisible(ctx, get("num_channels"), get("num_groups"), "num_channels must be divisible by num_groups")


def construct(kind: str) -> Rule:
    """``nn.<kind>(...)``: a :class:`TorchModule` holding the arguments by parameter name."""
    names = LAYER_PARAMS.get(kind, ())

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(names) if names else dict(call.kwargs)
        params = {name: arg.value for name, arg in bound.items()}
        _construction_checks(ctx, kind, params)
        return TorchModule(kind, tuple(params.items()))

    return rule


def module_list(ctx: OpContext, call: Call) -> Value:
    """``nn.ModuleList(layers)`` is its list: indexing, iterating and ``len`` work as on a list."""
    if not call.args:
        return List(())
    v = call.args[0].value
    if type(v) is List:
        return v
    if type(v) is Tuple:
        return List(v.items)
    return List(None, UNKNOWN)


def module_dict(ctx: OpContext, call: Call) -> Value:
    return call.args[0].value if call.args and type(call.args[0].value) is Dict else Dict()


#: ``layer(x)`` for a layer of each kind: (ctx, Call(kind, [layer, *inputs])) -> Value.
LAYER_CALLS: dict[str, Rule] = {
    "Linear": _linear_layer, "LazyLinear": _linear_layer,
    **{f"Conv{n}d": _conv_layer(n) for n in (1, 2, 3)},
    **{f"ConvTranspose{n}d": _transposed_layer(n) for n in (1, 2, 3)},
    **{f"MaxPool{n}d": _pool_layer(n, True) for n in (1, 2, 3)},
    **{f"AvgPool{n}d": _pool_layer(n, False) for n in (1, 2, 3)},
    **{f"Adaptive{kind}Pool{n}d": _adaptive_layer(n) for kind in ("Avg", "Max") for n in (1, 2, 3)},
    "BatchNorm1d": _batch_norm_layer((2, 3)), "BatchNorm2d": _batch_norm_layer((4,)),
    "BatchNorm3d": _batch_norm_layer((5,)),
    **{f"InstanceNorm{n}d": _same_shape_layer for n in (1, 2, 3)},
    "GroupNorm": _group_norm_layer, "LayerNorm": _layer_norm_layer, "RMSNorm": _layer_norm_layer,
    "Embedding": _embedding_layer, "MultiheadAttention": _attention_layer,
    "RNN": _recurrent_layer, "GRU": _recurrent_layer, "LSTM": _recurrent_layer,
    "TransformerEncoderLayer": _transformer_layer, "TransformerDecoderLayer": _transformer_layer,
    "TransformerEncoder": _stacked_layer, "TransformerDecoder": _stacked_layer,
    "Flatten": _flatten_layer, "Unflatten": _unflatten_layer, "Upsample": _upsample_layer,
    "Softmax": _along_dim_layer, "LogSoftmax": _along_dim_layer, "Softmin": _along_dim_layer,
    "Sequential": _sequential_layer,
    **{kind: _loss_layer for kind in LAYER_PARAMS if kind.endswith("Loss")},
    **{kind: _same_shape_layer for kind in SHAPE_PRESERVING},
}

#: Attributes of a built layer that are tensors: ``self.fc.weight`` is (out_features, in_features).
_WEIGHTS: dict[str, Callable[[TorchModule], tuple | None]] = {
    "Linear": lambda m: {"weight": (m.param("out_features"), m.param("in_features")),
                         "bias": (m.param("out_features"),)},
    "Embedding": lambda m: {"weight": (m.param("num_embeddings"), m.param("embedding_dim"))},
    "LayerNorm": lambda m: {"weight": _items(m.param("normalized_shape")), "bias": _items(m.param("normalized_shape"))},
    **{f"BatchNorm{n}d": (lambda m: {k: (m.param("num_features"),) for k in ("weight", "bias", "running_mean",
                                                                             "running_var")}) for n in (1, 2, 3)},
    **{f"Conv{n}d": (lambda m, n=n: {"bias": (m.param("out_channels"),), "weight": _conv_weight(m, n)})
       for n in (1, 2, 3)},
}


def _items(v: Value | None) -> tuple | None:
    if type(v) is Int:
        return (v,)
    if type(v) in (Tuple, List) and v.items is not None:
        return v.items
    return None


def _conv_weight(m: TorchModule, nd: int) -> tuple | None:
    kernel = per_dim(m.param("kernel_size"), nd)
    groups = dim_of(_param(m, "groups", Int(1)))
    cin = dim_of(m.param("in_channels"))
    if kernel is None or groups is None or cin is None:
        return None
    return (m.param("out_channels"), Int(D.floordiv(cin, groups))) + tuple(Int(k) for k in kernel)


def module_attribute(ctx: OpContext, m: TorchModule, attr: str, text: str = "") -> Value:
    """``layer.weight``, ``layer.in_features``, ``layer.to(device)``..."""
    table = _WEIGHTS.get(m.kind)
    shapes = table(m) if table is not None else None
    if shapes is not None and attr in shapes:
        dims = shapes[attr]
        if dims is None or any(type(d) is not Int for d in dims):
            return as_tensor(Array(UNKNOWN_SHAPE, "float32"))
        return as_tensor(Array(Shape(tuple(d.dim for d in dims)), "float32"))
    value = m.param(attr)
    if value is not None:
        return value
    return Method(m, attr, text)


def layer_item(m: TorchModule, index: Value) -> Value:
    """``seq[i]`` and ``seq[a:b]`` of an ``nn.Sequential``."""
    layers = m.param("layers") if m.kind == "Sequential" else None
    if type(layers) is not Tuple:
        return UNKNOWN
    if type(index) is Int and type(index.dim) is int and -len(layers.items) <= index.dim < len(layers.items):
        return layers.items[index.dim]
    if type(index).__name__ == "Slice":
        bounds = [getattr(b, "dim", None) for b in (index.start, index.stop, index.step)]
        if all(b is None or type(b) is int for b in bounds):
            return TorchModule("Sequential", (("layers", Tuple(layers.items[slice(*bounds)])),))
    return UNKNOWN


#: ``layer.to(device)``, ``layer.train()``: methods that return the layer itself.
SELF_METHODS = frozenset("""to cuda cpu train eval float double half bfloat16 requires_grad_ zero_grad
apply type share_memory""".split())
