"""What an op costs, as data: FLOPs, multiply-accumulates, bytes read and written, from the shapes
the op rules computed (the op's operands and result), one row per op where possible.

Conventions (docs/cost.md lists them with worked examples; they follow fvcore's and ptflops'):

* a contraction ``(m, k) @ (k, n)`` is ``2*m*k*n`` FLOPs and ``m*k*n`` MACs (batch dims multiply);
  linear layers and convolutions are contractions (a convolution: ``2 * output elements *
  in_channels/groups * kernel elements``), plus one FLOP per output element for a bias;
* an elementwise op is one FLOP per output element (``0.5 * x`` too), a reduction one per input
  element; composite ops count the elementwise ops and reductions they are made of: softmax 5 per
  element (max, subtract, exp, sum, divide), layer norm 5 (mean, subtract, square, mean, scale) and 2
  more for its affine weight and bias;
* MACs count contractions only (fvcore's convention): elementwise ops and reductions are 0 MACs;
* ops that only re-describe memory (``view``, ``reshape``, ``transpose``, ``split``, dropout at
  inference) cost nothing and alias their input; copies (``cat``, ``contiguous``) move bytes only;
* bytes read are the array operands' bytes (and a layer's weights), bytes written the result's;
  an array of unknown dtype is taken as float32 (4 bytes).

A rule returns None when a shape it needs is unknown: the op is then listed as not counted, never
guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...constraints import dims as D
from ..core.values import Array, Bool, Dict, Instance, Int, List, Str, TorchModule, Tuple, Value
from .torch_nn import LAYERS


@dataclass(frozen=True, slots=True)
class Cost:
    """One op's cost; every count a dim (an int, or a polynomial in the symbolic dims)."""

    flops: D.Dim = 0
    macs: D.Dim = 0
    read: D.Dim = 0
    written: D.Dim = 0
    view: bool = False   # the result aliases its first array operand (no new memory)


#: A cost rule: (the op's operands, its result) -> its Cost, or None when a needed shape is unknown.
CostRule = Callable[[Sequence[Value], Value], "Cost | None"]

#: Bytes per element by dtype name; an unknown dtype is float32's.
ITEMSIZE = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "complex128": 16, "complex64": 8,
            "int64": 8, "int32": 4, "int16": 2, "int8": 1, "uint64": 8, "uint32": 4, "uint16": 2, "uint8": 1, "bool": 1}
DEFAULT_ITEMSIZE = 4


# == measuring values ================================================================================

def arrays_in(values: Sequence[Value]) -> list[Array]:
    """The arrays among ``values``, looking into tuples and lists (``torch.cat([a, b])``)."""
    out: list[Array] = []
    for v in values:
        if type(v) is Array:
            out.append(v)
        elif type(v) in (Tuple, List) and v.items is not None:
            out.extend(arrays_in(v.items))
    return out


def numel(a: Array) -> D.Dim | None:
    dims = a.shape.dims
    return D.product(dims) if dims is not None else None


def nbytes(a: Array) -> D.Dim | None:
    n = numel(a)
    return None if n is None else D.mul(n, ITEMSIZE.get(a.dtype or "", DEFAULT_ITEMSIZE))


def total_bytes(arrays: Sequence[Array]) -> D.Dim | None:
    out: D.Dim = 0
    for a in arrays:
        b = nbytes(a)
        if b is None:
            return None
        out = D.add(out, b)
    return out


def _io(operands: Sequence[Value], result: Value, extra_read: D.Dim = 0) -> tuple[D.Dim, D.Dim] | None:
    read, written = total_bytes(arrays_in(operands)), total_bytes(arrays_in([result]))
    if read is None or written is None:
        return None
    return D.add(read, extra_read), written


def _scaled(count: D.Dim | None, per: int) -> D.Dim | None:
    return None if count is None else D.mul(count, per)


# == rule kinds ======================================================================================

def elementwise(per: int = 1) -> CostRule:
    """``per`` FLOPs per output element (each output array's, for ops returning several)."""

    def rule(operands: Sequence[Value], result: Value) -> Cost | None:
        outs = arrays_in([result])
        counts = [numel(a) for a in outs]
        io = _io(operands, result)
        if not outs or None in counts or io is None:
            return None
        return Cost(D.mul(per, D.add(0, sum_dims(counts))), 0, *io)
    return rule


def reduction(per: int = 1) -> CostRule:
    """``per`` FLOPs per element of the first array operand (the one reduced)."""

    def rule(operands: Sequence[Value], result: Value) -> Cost | None:
        inputs = arrays_in(operands)
        io = _io(operands, result)
        count = numel(inputs[0]) if inputs else None
        if count is None or io is None:
            return None
        return Cost(D.mul(per, count), 0, *io)
    return rule


def view(operands: Sequence[Value], result: Value) -> Cost | None:
    """Re-describes its input's memory: free, and aliasing it."""
    return Cost(view=True)


def copy(operands: Sequence[Value], result: Value) -> Cost | None:
    """Moves bytes, computes nothing (``cat``, ``stack``, ``contiguous``, ``clone``, casts)."""
    io = _io(operands, result)
    return None if io is None else Cost(0, 0, *io)


def fill(operands: Sequence[Value], result: Value) -> Cost | None:
    """Makes a new array from nothing it reads (``zeros``, ``randn``, ``arange``)."""
    written = total_bytes(arrays_in([result]))
    return None if written is None or not arrays_in([result]) else Cost(0, 0, 0, written)


def _contraction_cost(macs: D.Dim, operands: Sequence[Value], result: Value, bias: D.Dim = 0,
                      extra_read: D.Dim = 0) -> Cost | None:
    io = _io(operands, result, extra_read)
    if io is None:
        return None
    return Cost(D.add(D.mul(2, macs), bias), macs, *io)


def matmul(operands: Sequence[Value], result: Value) -> Cost | None:
    """``(..., m, k) @ (..., k, n)``: ``k`` MACs per result element (a 0-d result is one element)."""
    arrays = arrays_in(operands)
    outs = arrays_in([result])
    if len(arrays) < 2 or not outs or not arrays[0].shape.dims:
        return None
    k = arrays[0].shape.dims[-1]
    count = numel(outs[0])
    return None if count is None else _contraction_cost(D.mul(count, k), operands, result)


def einsum(operands: Sequence[Value], result: Value) -> Cost | None:
    """``einsum("ij,jk->ik", a, b)``: one MAC per point of the whole index space (every letter's
    size multiplied), as for a loop nest over all of them."""
    spec = next((v.value for v in operands if type(v) is Str and v.value), None)
    arrays = arrays_in(operands)
    if spec is None or "..." in spec:
        return None
    inputs = spec.replace(" ", "").split("->")[0].split(",")
    if len(inputs) != len(arrays):
        return None
    sizes: dict[str, D.Dim] = {}
    for letters, a in zip(inputs, arrays):
        dims = a.shape.dims
        if dims is None or len(dims) != len(letters):
            return None
        for letter, d in zip(letters, dims):
            sizes.setdefault(letter, d)
    return _contraction_cost(D.product(sizes.values()), operands, result)


def _has_bias(layer: TorchModule, key: str = "bias") -> bool:
    flag = layer.param(key)
    return not (type(flag) is Bool and flag.value is False)


def linear(operands: Sequence[Value], result: Value) -> Cost | None:
    """A dense layer (``nn.Linear``, ``F.linear``, Flax ``Dense``): the input's last dim of MACs per
    output element, plus one FLOP per output element for the bias."""
    layer = operands[0] if operands and type(operands[0]) is TorchModule else None
    arrays = arrays_in(operands)
    outs = arrays_in([result])
    if not arrays or not outs or not arrays[0].shape.dims:
        return None
    count = numel(outs[0])
    if count is None:
        return None
    if layer is not None:
        bias = _has_bias(layer) and _has_bias(layer, "use_bias")
        weights = params_of(layer)
    else:   # F.linear(x, weight, bias): the weight and bias are operands, read as such
        bias, weights = len(arrays) > 2, 0
    if weights is None:
        return None
    return _contraction_cost(D.mul(count, arrays[0].shape.dims[-1]), operands, result, count if bias else 0,
                             D.mul(weights, DEFAULT_ITEMSIZE))


def _kernel(layer: TorchModule, nd: int) -> tuple | None:
    k = layer.param("kernel_size")
    if type(k) is Int:
        return (k.dim,) * nd
    if type(k) is Tuple and k.items is not None and all(type(i) is Int for i in k.items):
        return tuple(i.dim for i in k.items)
    return None


def convolution(nd: int) -> CostRule:
    """``nn.Conv{nd}d`` and ``F.conv{nd}d``: ``in_channels/groups * kernel elements`` MACs per output
    element (the weight's elements past its first dim), plus one FLOP per output element for a bias."""

    def rule(operands: Sequence[Value], result: Value) -> Cost | None:
        layer = operands[0] if operands and type(operands[0]) is TorchModule else None
        arrays = arrays_in(operands)
        outs = arrays_in([result])
        count = numel(outs[0]) if outs else None
        if count is None:
            return None
        if layer is not None:
            kernel, weights = _kernel(layer, nd), params_of(layer)
            groups = layer.param("groups")
            channels = layer.param("in_channels")
            if kernel is None or weights is None or type(channels) is not Int:
                return None
            per = D.product((D.floordiv(channels.dim, groups.dim) if type(groups) is Int else channels.dim,) + kernel)
            bias = _has_bias(layer)
        else:   # F.conv2d(x, weight, bias): weight is (out, in/groups, *kernel)
            if len(arrays) < 2 or arrays[1].shape.dims is None:
                return None
            per, bias, weights = D.product(arrays[1].shape.dims[1:]), len(arrays) > 2, 0
        return _contraction_cost(D.mul(count, per), operands, result, count if bias else 0,
                                 D.mul(weights, DEFAULT_ITEMSIZE))
    return rule


def layer_norm(operands: Sequence[Value], result: Value) -> Cost | None:
    """5 FLOPs per element (mean, subtract, square, mean, scale), 2 more with the affine weight and
    bias (``nn.LayerNorm``'s default, and ``F.layer_norm`` given a weight)."""
    layer = operands[0] if operands and type(operands[0]) is TorchModule else None
    affine = (_has_bias(layer, "elementwise_affine") if layer is not None else len(arrays_in(operands)) > 1)
    weights = params_of(layer) if layer is not None else 0
    base = elementwise(7 if affine else 5)(operands, result)
    if base is None or weights is None:
        return None
    return Cost(base.flops, 0, D.add(base.read, D.mul(weights, DEFAULT_ITEMSIZE)), base.written)


def batch_norm(operands: Sequence[Value], result: Value) -> Cost | None:
    """Inference batch norm: 2 FLOPs per element to normalise with the running statistics, 2 for
    the affine weight and bias."""
    return elementwise(4)(operands, result)


def attention(operands: Sequence[Value], result: Value) -> Cost | None:
    """``F.scaled_dot_product_attention(q, k, v)``: ``q @ k^T`` (``E`` MACs per score), 1 FLOP per
    score to scale it, softmax (5 per score), ``scores @ v`` (``S`` MACs per output element)."""
    arrays = arrays_in(operands)
    outs = arrays_in([result])
    if len(arrays) < 3 or not outs or any(a.shape.dims is None or len(a.shape.dims) < 2 for a in arrays[:3]):
        return None
    q, k = arrays[0].shape.dims, arrays[1].shape.dims
    out = numel(outs[0])
    if out is None:
        return None
    scores = D.mul(D.product(q[:-1]), k[-2])
    macs = D.add(D.mul(scores, q[-1]), D.mul(out, k[-2]))
    io = _io(operands, result)
    return None if io is None else Cost(D.add(D.mul(2, macs), D.mul(6, scores)), macs, *io)


def multihead_attention(operands: Sequence[Value], result: Value) -> Cost | None:
    """``nn.MultiheadAttention(E, h)(q, k, v)``: the q, k, v and output projections (dense layers
    with bias), then scaled dot-product attention per head (scores ``L*S`` per head and batch)."""
    layer = operands[0] if operands and type(operands[0]) is TorchModule else None
    arrays = arrays_in(operands)
    heads = layer.param("num_heads") if layer is not None else None
    if len(arrays) < 3 or type(heads) is not Int or any(a.shape.dims is None or len(a.shape.dims) < 2
                                                          for a in arrays[:3]):
        return None
    q, k, v = (a.shape.dims for a in arrays[:3])
    e = q[-1]
    batch_first = layer.param("batch_first")
    seq = 1 if type(batch_first) is Bool and batch_first.value else 0
    length, source = q[seq], k[seq]
    rows_q, rows_k, rows_v = (D.product(d[:-1]) for d in (q, k, v))
    batch = D.floordiv(rows_q, length)
    proj_macs = D.mul(D.add(D.add(D.mul(2, rows_q), rows_k), rows_v), D.mul(e, e))
    scores = D.product((batch, heads.dim, length, source))
    attn_macs = D.mul(2, D.mul(D.product((batch, length, source)), e))
    macs = D.add(proj_macs, attn_macs)
    bias = D.mul(D.add(D.add(D.mul(2, rows_q), rows_k), rows_v), e)
    weights = params_of(layer)
    io = _io(operands, result, D.mul(weights, DEFAULT_ITEMSIZE) if weights is not None else 0)
    if io is None:
        return None
    return Cost(D.add(D.add(D.mul(2, macs), D.mul(6, scores)), bias), macs, *io)


def embedding(operands: Sequence[Value], result: Value) -> Cost | None:
    """A lookup: no FLOPs, the gathered rows read and written."""
    written = total_bytes(arrays_in([result]))
    return None if written is None else Cost(0, 0, written, written)


def pooling(nd: int) -> CostRule:
    """Max and average pooling: one FLOP per window element per output element."""

    def rule(operands: Sequence[Value], result: Value) -> Cost | None:
        layer = operands[0] if operands and type(operands[0]) is TorchModule else None
        kernel = _kernel(layer, nd) if layer is not None else None
        base = elementwise(1)(operands, result)
        if base is None or kernel is None:
            return None
        return Cost(D.mul(base.flops, D.product(kernel)), 0, base.read, base.written)
    return rule


def sum_dims(dims: Sequence[D.Dim]) -> D.Dim:
    out: D.Dim = 0
    for d in dims:
        out = D.add(out, d)
    return out


# == parameters ======================================================================================

#: Trainable tensors of a layer: its weights named so (running statistics are buffers, not parameters).
_PARAMETER_NAMES = ("weight", "bias")
#: Layers whose flag turns their bias or affine parameters off.
_OFF_FLAGS = ("bias", "affine", "elementwise_affine")


def _attention_weights(m: TorchModule) -> dict[str, tuple | None]:
    """``in_proj_weight`` (3E, E), ``in_proj_bias`` (3E,), ``out_proj`` a Linear(E, E)."""
    e = m.param("embed_dim")
    if type(e) is not Int:
        return {"weight": None}
    three = Int(D.mul(3, e.dim))
    return {"weight": (three, e), "bias": (three,), "out_proj.weight": (e, e), "out_proj.bias": (e,)}


_EXTRA_WEIGHTS = {"MultiheadAttention": _attention_weights}


def params_of(value: Value, depth: int = 0) -> D.Dim | None:
    """How many trainable parameters a built layer (or a container of them) holds; None if unknown.

    ``nn.Linear(i, o)`` holds ``i*o + o``, ``nn.LayerNorm(d)`` ``2*d``, ``nn.Conv2d(i, o, k)``
    ``o*i*k*k + o``; a flag that turns bias or affine off drops those; containers add their layers."""
    t = type(value)
    if depth > 8:
        return None
    if t is TorchModule:
        if value.kind == "Sequential":
            return params_of(value.param("layers"), depth + 1)
        layer = LAYERS.get(value.kind)
        weights = _EXTRA_WEIGHTS.get(value.kind) or (layer.weights if layer is not None else None)
        if weights is None:
            return 0 if layer is not None and layer.weights is None and value.kind not in _STATEFUL else None
        off = any(type(value.param(f)) is Bool and value.param(f).value is False for f in _OFF_FLAGS)
        total: D.Dim = 0
        for name, dims in weights(value).items():
            if not name.endswith(_PARAMETER_NAMES) or (off and not name.endswith("weight")) or \
                    (off and value.kind in ("LayerNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d")):
                continue
            if dims is None or any(type(d) is not Int for d in dims):
                return None
            total = D.add(total, D.product(tuple(d.dim for d in dims)))
        return total
    if t in (Tuple, List):
        return _sum_params(value.items, depth) if value.items is not None else None
    if t is Dict:
        return _sum_params(tuple(v for _, v in value.items), depth)
    if t is Instance:
        return _sum_params(tuple(value.attrs.values()), depth)
    return 0


#: Layers that hold parameters the table does not describe: their count is unknown, not 0.
_STATEFUL = frozenset({"RNN", "GRU", "LSTM", "TransformerEncoderLayer", "TransformerDecoderLayer",
                       "TransformerEncoder", "TransformerDecoder", "PReLU", "GroupNorm", "RMSNorm"})


def _sum_params(values: Sequence[Value], depth: int) -> D.Dim | None:
    total: D.Dim = 0
    for v in values:
        n = params_of(v, depth + 1)
        if n is None:
            return None
        total = D.add(total, n)
    return total


# == the table =======================================================================================

_ELEMENTWISE = """add subtract sub multiply mul divide div true_divide floor_divide remainder mod fmod power pow
negative neg positive abs absolute exp exp2 expm1 log log2 log10 log1p sqrt rsqrt square sin cos tan arcsin arccos
arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh sigmoid relu relu6 gelu silu swish mish elu selu celu
leaky_relu softplus softsign hardtanh hard_tanh hardswish hard_swish hardsigmoid hard_sigmoid hard_silu logsigmoid
log_sigmoid tanhshrink softshrink hardshrink threshold sign floor ceil round rint trunc clip clamp clamp_min
clamp_max maximum minimum fmax fmin where masked_fill masked_fill_ equal not_equal less less_equal greater
greater_equal eq ne lt le gt ge logical_and logical_or logical_not logical_xor bitwise_and bitwise_or bitwise_xor
invert isnan isinf isfinite nan_to_num reciprocal erf erfc lerp addcmul addcdiv hypot copysign heaviside
left_shift right_shift""".split()

_REDUCTIONS = """sum mean max min amax amin prod argmax argmin any all nansum nanmean nanmax nanmin count_nonzero
cumsum cumprod median nanmedian trace""".split()

_VIEWS = """view view_as reshape transpose permute swapaxes moveaxis T mT flatten ravel squeeze unsqueeze
expand expand_as expand_dims broadcast_to split chunk unbind tensor_split array_split hsplit vsplit narrow
movedim atleast_1d atleast_2d atleast_3d detach Dropout Dropout1d Dropout2d Dropout3d AlphaDropout dropout
Identity Flatten Unflatten rearrange diagonal real imag""".split()

_COPIES = """cat concat concatenate stack hstack vstack dstack column_stack contiguous clone copy astype to float
double half int long bool type pad tile repeat repeat_interleave flip fliplr flipud roll sort argsort
asarray array tensor as_tensor ascontiguousarray""".split()

#: Placing an array on a device mesh computes nothing (the communication a placement change needs is
#: logged apart, as ``collective.*`` events: sharding/traffic.py), and a collective's result is a new
#: buffer (the few adds of a psum are not counted).
_PLACEMENTS = "with_sharding_constraint to_local from_local distribute_tensor shard_map in_spec".split()
_COLLECTIVES = "device_put redistribute full_tensor psum pmean pmax pmin ppermute all_gather psum_scatter all_to_all".split()

_FILLS = """zeros ones empty full zeros_like ones_like empty_like full_like rand randn randint randn_like rand_like
normal uniform arange linspace logspace eye identity tril triu tri""".split()

_ACTIVATION_LAYERS = """ReLU ReLU6 GELU SiLU Mish Tanh Sigmoid LeakyReLU ELU SELU CELU Softplus Softsign Hardtanh
Hardswish Hardsigmoid LogSigmoid Tanhshrink Softshrink Hardshrink Threshold""".split()

#: op name (the last part of its qualified name: ``torch.nn.functional.softmax`` is ``softmax``, a
#: layer its kind, an operator its ufunc's name) -> its cost rule.
COSTS: dict[str, CostRule] = {
    **{name: elementwise() for name in _ELEMENTWISE + _ACTIVATION_LAYERS},
    **{name: reduction() for name in _REDUCTIONS},
    **{name: view for name in _VIEWS + _PLACEMENTS},
    **{name: copy for name in _COPIES + _COLLECTIVES},
    **{name: fill for name in _FILLS},
    "var": reduction(4), "std": reduction(4), "nanvar": reduction(4), "nanstd": reduction(4),  # mean, subtract, square, sum
    "norm": reduction(2), "logsumexp": reduction(4),      # square+sum; max, subtract+exp, sum
    "softmax": elementwise(5), "log_softmax": elementwise(5), "Softmax": elementwise(5),
    "LogSoftmax": elementwise(5), "Softmin": elementwise(5), "standardize": elementwise(5), "normalize": elementwise(3),
    # a tensor-parallel layer's call: its rank's product is logged as its own "Linear" (spmd_torch.py)
    "tensor_parallel.Linear": lambda operands, result: Cost(),
    # a fully sharded layer's or a prepared module's call: the call inside it is logged as itself
    "fully_shard": lambda operands, result: Cost(), "parallelize_module": lambda operands, result: Cost(),
    "matmul": matmul, "dot": matmul, "mm": matmul, "bmm": matmul, "mv": matmul, "inner": matmul, "vdot": matmul,
    "einsum": einsum,
    "linear": linear, "Linear": linear, "LazyLinear": linear, "Dense": linear,
    **{f"conv{n}d": convolution(n) for n in (1, 2, 3)}, **{f"Conv{n}d": convolution(n) for n in (1, 2, 3)},
    "layer_norm": layer_norm, "LayerNorm": layer_norm,
    "batch_norm": batch_norm, "BatchNorm1d": batch_norm, "BatchNorm2d": batch_norm, "BatchNorm3d": batch_norm,
    "scaled_dot_product_attention": attention, "MultiheadAttention": multihead_attention,
    "embedding": embedding, "Embedding": embedding, "Embed": embedding,
    **{f"MaxPool{n}d": pooling(n) for n in (1, 2, 3)}, **{f"AvgPool{n}d": pooling(n) for n in (1, 2, 3)},
    "cross_entropy": reduction(6), "CrossEntropyLoss": reduction(6),   # log-softmax (5) and the pick-and-mean
    "mse_loss": reduction(3), "MSELoss": reduction(3), "l1_loss": reduction(3), "L1Loss": reduction(3),
}


def cost_rule(name: str) -> CostRule | None:
    """The cost rule of an op by its qualified name (``torch.nn.functional.softmax``, ``Tensor.view``,
    ``flax.linen.Dense``, ``Linear``), or None when there is none."""
    return COSTS.get(name) or COSTS.get(name.rsplit(".", 1)[-1])


__all__ = ["Cost", "CostRule", "COSTS", "cost_rule", "params_of", "nbytes", "numel", "arrays_in", "ITEMSIZE"]
