"""The shape rules of Flax's layers (the table is :mod:`.flax`): channels-last convolution and pooling
with JAX's padding modes, dense layers that infer their input features, embeddings, attention,
normalisation, ``Sequential``, and the functions that make arrays from a shape (``self.param``,
``nnx.Param``). A layer call is ``Call(kind, [layer, *inputs])``.

Sources: the Flax reference (linen.Dense, DenseGeneral, Conv, ConvTranspose, Embed, max_pool,
MultiHeadDotProductAttention; nnx.Linear, Conv, MultiHeadAttention, LayerNorm), jax.lax.conv_general_dilated
and jax.lax.conv_transpose (output sizes per padding mode), jax.nn.one_hot.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import ge
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import (UNKNOWN, Array, Bool, BoundMethod, Function, Instance, Int, List, Str, TorchModule, Tuple, Value,
                           known_items)
from .args import bound_array, const_int, int_arg, int_dims, normalize_axis, shape_arg
from .contraction import einsum
from .kinds import Rule
from .nn_args import Dims, dim_of, layer_input, layer_param, per_dim, require_features
from .nn_embedding import embedding_shape
from .nn_linear import linear_layer_reading, linear_shape


def _input(call: Call) -> tuple[Array | None, Arg | None]:
    """A Flax layer's input: its first argument, ``inputs=`` / ``x=`` by keyword."""
    x, arg = layer_input(call, 1, "inputs")
    return (x, arg) if arg is not None else layer_input(call, 1, "x")


def _features(m: TorchModule) -> D.Dim | None:
    return dim_of(m.param("features")) if m.param("features") is not None else dim_of(m.param("out_features"))


# == dense and embedding ===========================================================================

def dense_layer(ctx: OpContext, call: Call) -> Value:
    """linen ``Dense(features)``: (..., k) -> (..., features) for any k (Flax infers the kernel's rows)."""
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    out = _features(call.args[0].value)
    return linear_shape(ctx, x, arg, None, (out if out is not None else ctx.fresh("features"),), "")


#: nnx ``Linear(in_features, out_features)``: torch's rule, Flax's input keywords
linear_layer = linear_layer_reading(_input)


_dims_param = int_dims


def dense_general_layer(ctx: OpContext, call: Call) -> Value:
    """``DenseGeneral(features, axis=-1)``: the ``axis`` dims are contracted, ``features`` appended."""
    m = call.args[0].value
    x, arg = _input(call)
    if x is None or x.shape.dims is None:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, x.dtype)
    features = _dims_param(m.param("features") if m.param("features") is not None else m.param("out_features"))
    axis = m.param("axis")
    axes = (-1,) if axis is None else tuple(const_int(Arg(i)) for i in (
        axis.items if type(axis) in (Tuple, List) and axis.items is not None else (axis,)))
    if features is None or None in axes or m.param("batch_dims") is not None or m.param("batch_axis") is not None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    dims = x.shape.dims
    drop = {normalize_axis(ctx, a, len(dims)) for a in axes}
    n_in = _dims_param(m.param("in_features"))
    if n_in is not None and len(n_in) == len(axes):
        for a, want in zip(sorted(drop), n_in):
            require_features(ctx, Array(Shape(dims[:a + 1])), arg, want, "in_features")
    return Array(Shape(tuple(d for i, d in enumerate(dims) if i not in drop) + features), x.dtype)


def einsum_layer(ctx: OpContext, call: Call) -> Value:
    """``Einsum(einsum_str, kernel_shape)`` (nnx; linen's ``Einsum(shape, einsum_str)``):
    ``jnp.einsum(einsum_str, x, kernel)``, the string given to the call taking the layer's place."""
    m = call.args[0].value
    x, arg = _input(call)
    given = call.kwargs.get("einsum_str")
    spec = given.value if given is not None else m.param("einsum_str")
    kernel = _dims_param(m.param("kernel_shape") if m.param("kernel_shape") is not None else m.param("shape"))
    if x is None or type(spec) is not Str or kernel is None:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, x.dtype)
    return einsum(ctx, Call("numpy.einsum", [Arg(spec), arg, Arg(Array(Shape(kernel), x.dtype), "kernel")], {}))


# == parameters ====================================================================================
# nnx layers hold their parameters as attributes (``self.q_einsum.kernel.shape[1]``): each one's dims
# as the layer's arguments give them (a Param reads as its array: flax.VARIABLE_READS).


def linear_weights(m: TorchModule) -> dict[str, tuple | None]:
    """nnx ``Linear``: ``kernel`` is (in_features, out_features), ``bias`` (out_features,)."""
    return {"kernel": (m.param("in_features"), m.param("out_features")), "bias": (m.param("out_features"),)}


def einsum_weights(m: TorchModule) -> dict[str, tuple | None]:
    """nnx ``Einsum``: ``kernel`` of ``kernel_shape``, ``bias`` of ``bias_shape``."""
    return {"kernel": known_items(m.param("kernel_shape")), "bias": known_items(m.param("bias_shape"))}


def embed_weights(m: TorchModule) -> dict[str, tuple | None]:
    """nnx ``Embed``: ``embedding`` is (num_embeddings, features)."""
    return {"embedding": (m.param("num_embeddings"), m.param("features"))}


def norm_weights(m: TorchModule) -> dict[str, tuple | None]:
    """nnx ``LayerNorm``/``RMSNorm``/``BatchNorm``/``GroupNorm``: ``scale`` and ``bias`` of (num_features,)."""
    return {"scale": (m.param("num_features"),), "bias": (m.param("num_features"),)}


def embed_layer(ctx: OpContext, call: Call) -> Value:
    """``Embed(num_embeddings, features)``: integer indices of any shape -> (*indices.shape, features)."""
    x, _ = _input(call)
    return UNKNOWN if x is None else embedding_shape(ctx, x, dim_of(call.args[0].value.param("features")))


# == convolution and pooling (channels last) =======================================================

def _window(ctx: OpContext, length: D.Dim, kernel: D.Dim, stride: D.Dim, dilation: D.Dim, padding: Value,
            axis: int) -> D.Dim:
    """One spatial output size of ``lax.conv_general_dilated`` / ``lax.reduce_window``."""
    mode = padding.value.upper() if type(padding) is Str and padding.value is not None else None
    if mode in ("SAME", "CIRCULAR"):   # ceil(L / s)
        return length if stride == 1 else D.floordiv(D.add(length, D.sub(stride, 1)), stride)
    reach = D.add(D.mul(dilation, D.sub(kernel, 1)), 1)
    if mode == "VALID":
        low = high = 0
    elif type(padding) is Int:
        low = high = padding.dim
    elif type(padding) in (Tuple, List) and padding.items is not None and axis < len(padding.items):
        pair = padding.items[axis]
        if type(pair) is Int:
            low = high = pair.dim
        elif type(pair) in (Tuple, List) and pair.items is not None and len(pair.items) == 2 and all(
                type(p) is Int for p in pair.items):
            low, high = pair.items[0].dim, pair.items[1].dim
        else:
            return ctx.fresh("l")
    else:
        return ctx.fresh("l")
    padded = D.add(D.add(length, low), high)
    ctx.require(ge(padded, reach), "SC107", lambda: (
        f"{ctx.op}: window size {ctx.show_dim(reach)} is larger than the padded input size "
        f"{ctx.show_dim(padded)} along spatial dim {axis}"))
    return D.add(D.floordiv(D.sub(padded, reach), stride), 1)


def windowed_shape(ctx: OpContext, x: Array, x_arg: Arg, kernel: Dims | None, strides: Value | None,
                   dilation: Value | None, padding: Value, channels: D.Dim | None) -> Value:
    """(*batch, *spatial, C) -> (*batch, *spatial', channels or C), one spatial dim per kernel dim."""
    dims = x.shape.dims
    if dims is None or kernel is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    nd = len(kernel)
    if len(dims) < nd + 1:
        ctx.fail("SC107", f"{ctx.op}: a {nd}-D window needs an input of at least {nd + 1} dims "
                          f"(..., spatial, features), but {ctx.describe(x_arg)}")
    stride, dil = per_dim(strides, nd, 1), per_dim(dilation, nd, 1)
    lead, spatial = dims[:len(dims) - nd - 1], dims[len(dims) - nd - 1:-1]
    if stride is None or dil is None:
        out = tuple(ctx.fresh("l") for _ in spatial)
    else:
        out = tuple(_window(ctx, length, k, s, d, padding, axis)
                    for axis, (length, k, s, d) in enumerate(zip(spatial, kernel, stride, dil)))
    return Array(Shape(lead + out + (channels if channels is not None else dims[-1],)), x.dtype)


def _kernel(v: Value | None) -> Dims | None:
    return _dims_param(v)


def conv_layer(ctx: OpContext, call: Call) -> Value:
    """linen ``Conv(features, kernel_size, strides=1, padding='SAME')``; nnx ``Conv(in_features,
    out_features, ...)`` also checks the input's channels (the last dim)."""
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    cin = dim_of(m.param("in_features"))
    groups = m.param("feature_group_count")
    if cin is not None and (groups is None or groups == Int(1)):
        require_features(ctx, x, arg, cin, "in_features")
    dilated = m.param("input_dilation")
    if dilated is not None and dilated != Int(1):
        return Array(UNKNOWN_SHAPE, x.dtype)
    out = _features(m)
    return windowed_shape(ctx, x, arg, _kernel(m.param("kernel_size")), m.param("strides"),
                          m.param("kernel_dilation"), layer_param(m, "padding", Str("SAME")),
                          out if out is not None else ctx.fresh("features"))


def transposed_conv_layer(ctx: OpContext, call: Call) -> Value:
    """``ConvTranspose``: 'SAME' gives L * s, 'VALID' L * s + max(k' - s, 0) (``lax.conv_transpose``)."""
    m = call.args[0].value
    x, arg = _input(call)
    if x is None or x.shape.dims is None:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, x.dtype)
    kernel = _kernel(m.param("kernel_size"))
    cin = dim_of(m.param("in_features"))
    if cin is not None:
        require_features(ctx, x, arg, cin, "in_features")
    features = _features(m)
    features = features if features is not None else ctx.fresh("features")
    dims = x.shape.dims
    if kernel is None or len(dims) < len(kernel) + 1:
        return Array(UNKNOWN_SHAPE, x.dtype)
    nd = len(kernel)
    stride, dil = per_dim(m.param("strides"), nd, 1), per_dim(m.param("kernel_dilation"), nd, 1)
    padding = layer_param(m, "padding", Str("SAME"))
    mode = padding.value.upper() if type(padding) is Str and padding.value is not None else None
    lead, spatial = dims[:len(dims) - nd - 1], dims[len(dims) - nd - 1:-1]
    out = []
    for length, k, s, d in zip(spatial, kernel, stride or (None,) * nd, dil or (None,) * nd):
        reach = D.add(D.mul(d, D.sub(k, 1)), 1) if s is not None and d is not None else None
        if mode == "SAME" and s is not None:
            out.append(D.mul(length, s))
        elif mode == "VALID" and type(reach) is int and type(s) is int:
            out.append(D.add(D.mul(length, s), max(reach - s, 0)))
        else:
            out.append(ctx.fresh("l"))
    return Array(Shape(lead + tuple(out) + (features,)), x.dtype)


def pool(kind: str) -> Rule:
    """``max_pool(inputs, window_shape, strides=None, padding='VALID')``: strides default to 1, not to
    the window (flax.linen.pooling); the features are kept."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("inputs", "window_shape", "strides", "padding"))
        x = bound_array(b, "inputs")
        if x is None:
            return UNKNOWN
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        return windowed_shape(ctx, x, b["inputs"], _kernel(value("window_shape")), value("strides"), None,
                              value("padding") or Str("VALID"), None)

    return rule


# == the rest of the layers ========================================================================

def same_shape_layer(ctx: OpContext, call: Call) -> Value:
    """LayerNorm, BatchNorm, GroupNorm, RMSNorm, Dropout (linen: features inferred)."""
    x, _ = _input(call)
    return UNKNOWN if x is None else x


def feature_norm_layer(ctx: OpContext, call: Call) -> Value:
    """nnx ``LayerNorm(num_features)``, ``BatchNorm(num_features)``: the feature axis (the last, unless
    ``feature_axes``/``axis`` says otherwise) must be num_features; the shape is kept."""
    m = call.args[0].value
    x, arg = _input(call)
    if x is None:
        return UNKNOWN
    if m.param("feature_axes") is None and m.param("axis") is None and m.param("reduction_axes") is None:
        require_features(ctx, x, arg, dim_of(m.param("num_features")), "num_features")
    return x


def attention_layer(ctx: OpContext, call: Call) -> Value:
    """linen ``MultiHeadDotProductAttention``/``SelfAttention`` and nnx ``MultiHeadAttention``:
    (..., L, E) -> (..., L, out_features), out_features defaulting to the query's features (linen) or
    in_features (nnx, which checks the query against it)."""
    m = call.args[0].value
    b = call.bind(("self", "inputs_q"))
    q = bound_array(b, "inputs_q")
    if q is None or q.shape.dims is None:
        return UNKNOWN if q is None else Array(UNKNOWN_SHAPE, q.dtype)
    n_in = dim_of(m.param("in_features"))
    require_features(ctx, q, b["inputs_q"], n_in, "in_features")
    dims = q.shape.dims
    out = dim_of(m.param("out_features"))
    return Array(Shape(dims[:-1] + (out if out is not None else n_in if n_in is not None else dims[-1],)), q.dtype)


def sequential(ctx: OpContext, call: Call) -> Value:
    """``Sequential(layers)``: each callable in turn, the first with every argument, the rest with the
    previous output (a tuple output is spread as the next call's arguments)."""
    layers = call.args[0].value.param("layers")
    if type(layers) not in (Tuple, List) or layers.items is None or not layers.items:
        return UNKNOWN
    args, kwargs = call.args[1:], dict(call.kwargs)
    value: Value = UNKNOWN
    for layer in layers.items:
        value = ctx.interp.call(ctx.node, layer, args, kwargs)
        if value is UNKNOWN:
            return UNKNOWN
        args = [Arg(v) for v in value.items] if type(value) is Tuple else [Arg(value, f"the output of {ctx.op}")]
        kwargs = {}
    return value


# == arrays made from a shape ======================================================================

def one_hot(ctx: OpContext, call: Call) -> Value:
    """``jax.nn.one_hot(x, num_classes)``: x.shape + (num_classes,), float."""
    b = call.bind(("x", "num_classes"))
    x = bound_array(b, "x")
    if x is None or x.shape.dims is None:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, "float32")
    n = int_arg(b.get("num_classes"), ctx)
    return Array(Shape(x.shape.dims + (n if n is not None else ctx.fresh("classes"),)), "float32")


def module_param(ctx: OpContext, call: Call) -> Value:
    """linen ``self.param(name, init_fn, shape, ...)``: Flax calls ``init_fn(key, shape, ...)``, and
    every initializer (jax.nn.initializers) makes an array of that shape."""
    if len(call.args) < 3:
        return UNKNOWN
    dims = shape_arg(ctx, call.args[2]) if type(call.args[2].value) in (Tuple, List, Int) else None
    return Array(Shape(dims), "float32") if dims is not None else UNKNOWN


def variable(ctx: OpContext, call: Call) -> Value:
    """``nnx.Param(value)``: the array it holds (``param.value`` and ``param[...]`` read it back)."""
    b = call.bind(("value",))
    a = bound_array(b, "value")
    return a if a is not None and type(b["value"].value) is Array else UNKNOWN


#: What linen's ``apply``/``init`` take for themselves, not for the method they run.
_ENTRY_OPTIONS = ("method", "mutable", "rngs", "capture_intermediates")


def module_entry(receiver: Instance, name: str) -> Rule:
    """``model.apply(variables, *args, method=None, mutable=False)``, ``model.init(rngs, *args)`` and
    ``init_with_output``: the module's ``__call__`` (or ``method``, a function or its name) run on
    ``args``. ``apply`` gives its output (with ``mutable``, paired with the updated state), ``init``
    the variables (unknown), ``init_with_output`` both."""
    def rule(ctx: OpContext, call: Call) -> Value:
        method = call.kwargs.get("method")
        target = method.value if method is not None else receiver.cls.lookup("__call__")
        if type(target) is Str and target.value is not None:
            target = receiver.cls.lookup(target.value)
        if type(target) is not Function or not call.args:
            return UNKNOWN
        kwargs = {k: a for k, a in call.kwargs.items() if k not in _ENTRY_OPTIONS}
        out = ctx.interp.call(ctx.node, BoundMethod(target, receiver), list(call.args[1:]), kwargs)
        if name == "init":
            return UNKNOWN
        if name == "init_with_output":
            return Tuple((out, UNKNOWN))
        mutable = call.kwargs.get("mutable")
        if mutable is not None and not (type(mutable.value) is Bool and mutable.value.value is False):
            return Tuple((out, UNKNOWN))
        return out
    return rule
