"""PyTorch's shape rules: torch functions, Tensor methods and torch.nn, as one table.

Keys are qualified as the interpreter resolves them (``torch.cat``, ``torch.nn.functional.relu``,
``torch.nn.Linear``); ``x.view(2, 3)`` on a tensor is the rule of :data:`TENSOR_METHODS` ``view``.
Where torch agrees with NumPy the NumPy rule is reused under torch's argument names (:func:`torch_call`
turns ``dim=``/``keepdim=`` into ``axis=``/``keepdims=``); where torch differs, a small rule here says
how: ``max(x, dim)`` returns (values, indices), ``repeat`` tiles, ``squeeze(dim)`` of a dim that is not
1 does nothing, ``split`` takes a chunk *size*, ``mm``/``bmm`` take exactly 2-D/3-D operands, sizes may
be given as ``*size`` or one tuple. Layers live in :mod:`.torch_nn`. Every array a torch rule returns is
marked a tensor (``Array.tensor``), so its own methods dispatch here too.

Sources: the PyTorch reference (torch, torch.Tensor, torch.nn, torch.nn.functional pages, 2.x).
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import FALSE, conj, disj, eq, le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.values import (
    NONE,
    UNKNOWN,
    Array,
    Bool,
    Float,
    Int,
    LibraryObject,
    List,
    Method,
    Str,
    Tuple,
    Value,
    as_tensor,
)
from . import contraction as C
from . import creation as K
from . import manipulation as M
from . import torch_nn as N
from .args import (
    UnknownAxis,
    as_array,
    axes_arg,
    const_int,
    dtype_arg,
    element_texts,
    in_range_index,
    int_arg,
    is_none,
    literal_array,
    normalize_axis,
    shape_arg,
)
from .kinds import (
    Rule,
    like,
    reduction,
    same_shape,
    sig,
    sized_random,
    ufunc,
    unknown_length,
)
from .manipulation import flatten_shape, unflatten_shape
from .numpy import NUMPY

# == torch's argument conventions ==================================================================

#: torch dtype names that are not NumPy's (``torch.long``), and the two that mean something else
#: (``float`` is float32 in torch, float64 in NumPy).
_DTYPE_NAMES = {"float": "float32", "double": "float64", "half": "float16", "long": "int64", "int": "int32",
                "short": "int16", "cfloat": "complex64", "cdouble": "complex128", "chalf": "complex32"}

_KEYWORDS = {"dim": "axis", "keepdim": "keepdims"}


def torch_dtype(v: Value | None) -> str | None:
    """``torch.float32`` / ``torch.long`` / ``float`` as a NumPy dtype name."""
    if type(v) is LibraryObject and v.qualname.startswith("torch."):
        name = v.qualname.rsplit(".", 1)[-1]
        return _DTYPE_NAMES.get(name, name)
    return dtype_arg(Arg(v)) if v is not None else None


def torch_call(rule: Rule, **rename: str) -> Rule:
    """The NumPy ``rule`` under torch's keywords: ``dim=``/``keepdim=`` (and ``rename``) become NumPy's,
    and a torch dtype becomes a NumPy dtype name."""
    names = {**_KEYWORDS, **rename}

    def adapted(ctx: OpContext, call: Call) -> Value:
        kwargs = {names.get(k, k): v for k, v in call.kwargs.items()}
        if "dtype" in kwargs:
            kwargs["dtype"] = Arg(Str(torch_dtype(kwargs["dtype"].value)), kwargs["dtype"].text)
        return rule(ctx, Call(call.name, call.args, kwargs))

    return adapted


def _size_arg(call: Call, start: int) -> Arg | None:
    """torch's ``*size``: ``zeros(2, 3)``, ``zeros((2, 3))``, ``zeros(x.shape)`` or ``size=``."""
    if "size" in call.kwargs:
        return call.kwargs["size"]
    rest = call.args[start:]
    if len(rest) == 1 and type(rest[0].value) in (Tuple, List):
        return rest[0]
    if not rest:
        return None
    return Arg(Tuple(tuple(a.value for a in rest)), ", ".join(a.text for a in rest))


def _first(call: Call, name: str = "input") -> tuple[Array | None, Arg | None]:
    arg = call.args[0] if call.args else call.kwargs.get(name)
    return (as_array(arg.value) if arg is not None else None), arg


def _dim(call: Call, index: int, default: int | None = None) -> Arg | None:
    """The ``dim`` argument (positional at ``index`` or keyword); an Int arg for ``default`` if absent."""
    if len(call.args) > index:
        return call.args[index]
    if "dim" in call.kwargs:
        return call.kwargs["dim"]
    return Arg(Int(default), str(default)) if default is not None else None


def _keepdim(call: Call, index: int) -> bool:
    arg = call.args[index] if len(call.args) > index else call.kwargs.get("keepdim")
    return arg is not None and getattr(arg.value, "value", None) is True


# == creation ======================================================================================

def _sized(dtype: str, start: int = 0) -> Rule:
    """``zeros/ones/empty/rand/randn(*size, dtype=)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        out_dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else dtype
        size = _size_arg(call, start)
        dims = shape_arg(ctx, size) if size is not None else None
        return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, out_dtype)

    return rule


def _full(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("size", "fill_value"))
    fill = bound.get("fill_value")
    dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else (
        "int64" if fill is not None and type(fill.value) is Int else
        "bool" if fill is not None and type(fill.value) is Bool else "float32")
    dims = shape_arg(ctx, bound.get("size"))
    return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, dtype)


def _randint(ctx: OpContext, call: Call) -> Value:
    """``randint(high, size)`` or ``randint(low, high, size)``: size is a tuple, never varargs."""
    size = call.kwargs.get("size") or next((a for a in call.args[1:] if type(a.value) in (Tuple, List)), None)
    dims = shape_arg(ctx, size)
    return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, torch_dtype(
        call.kwargs["dtype"].value) if "dtype" in call.kwargs else "int64")


def _tensor(ctx: OpContext, call: Call) -> Value:
    """``torch.tensor(data)``: the shape of nested literals; Python floats become float32."""
    data = call.args[0] if call.args else call.kwargs.get("data")
    a = literal_array(data.value) if data is not None else None
    dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else None
    if a is None:
        return Array(UNKNOWN_SHAPE, dtype)
    return Array(a.shape, dtype or ("float32" if a.dtype in (None, "float64") and type(data.value) is not Array
                                    else a.dtype))


def _arange(ctx: OpContext, call: Call) -> Value:
    result = torch_call(K.arange, end="stop")(ctx, call)
    if type(result) is Array and result.dtype == "float64" and "dtype" not in call.kwargs:
        return Array(result.shape, "float32")
    return result


def _linspace(ctx: OpContext, call: Call) -> Value:
    """``linspace(start, end, steps)``: steps is required in torch (no default of 50)."""
    steps = call.args[2] if len(call.args) > 2 else call.kwargs.get("steps")
    n = int_arg(steps)
    if type(n) is int and n < 0:
        ctx.fail("SC107", f"{ctx.op}: number of steps must be non-negative")
    return Array(Shape((n if n is not None else ctx.fresh("steps"),)), "float32")


def _new_sized(dtype_from_receiver: bool = True, start: int = 1) -> Rule:
    """``x.new_zeros(size)``, ``x.new_full(size, value)``: the size given, the receiver's dtype."""

    def rule(ctx: OpContext, call: Call) -> Value:
        a = as_array(call.args[0].value) if call.args else None
        size = call.kwargs.get("size") or (call.args[start] if len(call.args) > start else None)
        if size is not None and type(size.value) is Int and ctx.op != "new_full":
            size = _size_arg(call, start)
        dims = shape_arg(ctx, size)
        return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, a.dtype if a is not None else None)

    return rule


def _multinomial(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    n = int_arg(call.args[1] if len(call.args) > 1 else call.kwargs.get("num_samples"))
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, "int64")
    return Array(Shape(a.shape.dims[:-1] + (n if n is not None else ctx.fresh("samples"),)), "int64")


def _randperm(ctx: OpContext, call: Call) -> Value:
    n = int_arg(call.args[0] if call.args else call.kwargs.get("n"))
    return Array(Shape((n if n is not None else ctx.fresh("n"),)), "int64")


# == elementwise ===================================================================================

_UNARY_FLOAT = """exp exp2 expm1 log log2 log10 log1p sqrt rsqrt sin cos tan asin acos atan arcsin arccos arctan
sinh cosh tanh asinh acosh atanh sigmoid logit erf erfc erfinv lgamma digamma sinc reciprocal deg2rad rad2deg
angle i0""".split()
_UNARY_SAME = """abs absolute neg negative positive sign sgn floor ceil round trunc fix frac square relu
clone detach conj bitwise_not nan_to_num real imag""".split()
_UNARY_BOOL = "isnan isinf isfinite isposinf isneginf isreal logical_not signbit".split()
_BINARY_SAME = """add sub subtract mul multiply floor_divide remainder fmod pow float_power maximum minimum fmax fmin
bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift copysign nextafter xlogy gcd lcm
heaviside""".split()
_BINARY_FLOAT = "div divide true_divide atan2 arctan2 hypot logaddexp logaddexp2".split()
_BINARY_BOOL = """eq ne lt le gt ge greater less equal not_equal greater_equal less_equal logical_and logical_or
logical_xor isclose""".split()
_ACTIVATIONS = """relu relu6 gelu silu mish elu selu celu leaky_relu hardtanh hardswish hardsigmoid sigmoid tanh
softplus softsign logsigmoid tanhshrink softshrink hardshrink threshold rrelu prelu dropout dropout1d dropout2d
dropout3d alpha_dropout feature_alpha_dropout""".split()


def _masked_fill(ctx: OpContext, call: Call) -> Value:
    """``masked_fill(x, mask, value)``: the mask broadcasts to x, whose shape is kept."""
    bound = call.bind(("input", "mask"))
    a = as_array(bound["input"].value) if "input" in bound else None
    mask = as_array(bound["mask"].value) if "mask" in bound else None
    if a is None or mask is None:
        return UNKNOWN if a is None else a
    _broadcast_into(ctx, a, bound["input"], mask, bound["mask"])
    return a


def _broadcast_into(ctx: OpContext, a: Array, a_arg: Arg, other: Array, other_arg: Arg) -> None:
    """``other`` must broadcast to ``a``'s shape without growing it (in-place and mask semantics)."""
    shape = ctx.broadcast([(a.shape, a_arg.text), (other.shape, other_arg.text)])
    if shape is None or a.shape.dims is None:
        return
    same = conj([eq(x, y) for x, y in zip(shape.prefix, a.shape.dims)]) if len(shape.prefix) == len(
        a.shape.dims) else FALSE
    ctx.require(same, "SC101", lambda: (f"{ctx.op}: {ctx.describe(other_arg)} cannot be broadcast to the shape "
                                        f"of {ctx.describe(a_arg)}"))


def _along_dim(dtype: str | None = None, params: tuple[str, ...] = ("input", "dim"), default: int | None = None,
               zero_d: bool = True) -> Rule:
    """Same shape; ``dim`` must exist (softmax, cumsum, argsort, normalize)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = as_array(bound["input"].value) if "input" in bound else None
        if a is None:
            return UNKNOWN
        d = const_int(bound.get("dim")) if "dim" in bound else default
        if d is not None and a.shape.dims is not None:
            n = len(a.shape.dims)
            normalize_axis(ctx, d, max(n, 1) if zero_d else n, "dim")
        out_dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else (
            "int64" if dtype == "int" else "float32" if dtype == "float" and a.dtype in (None, "int64") else a.dtype)
        return Array(a.shape, out_dtype)

    return rule


def _glu(ctx: OpContext, call: Call) -> Value:
    a, arg = _first(call)
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else a
    dims = a.shape.dims
    d = const_int(_dim(call, 1, -1))
    if d is None or not dims:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis = normalize_axis(ctx, d, len(dims), "dim")
    ctx.require(eq(D.mod(dims[axis], 2), 0), "SC107", lambda: (
        f"{ctx.op}: halving dimension must be even, but dimension {axis} of {ctx.describe(arg)} is odd"))
    return Array(Shape(dims[:axis] + (D.floordiv(dims[axis], 2),) + dims[axis + 1:]), a.dtype)


def _pad(ctx: OpContext, call: Call) -> Value:
    """``F.pad(x, (left, right, top, bottom, ...))``: pairs pad the last dims, last dim first."""
    bound = call.bind(("input", "pad"))
    a = as_array(bound["input"].value) if "input" in bound else None
    pads = bound.get("pad")
    if a is None or pads is None or a.shape.dims is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    items = pads.value.items if type(pads.value) in (Tuple, List) else None
    if items is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    dims = list(a.shape.dims)
    if len(items) % 2:
        ctx.fail("SC107", f"{ctx.op}: padding length must be divisible by 2 ({pads.text})")
    if len(items) // 2 > len(dims):
        ctx.fail("SC107", f"{ctx.op}: padding length {len(items)} is too large for {ctx.describe(bound['input'])}")
    for i in range(len(items) // 2):
        lo, hi = items[2 * i], items[2 * i + 1]
        if type(lo) is not Int or type(hi) is not Int:
            dims[-1 - i] = ctx.fresh("p")
        else:
            dims[-1 - i] = D.add(dims[-1 - i], D.add(lo.dim, hi.dim))
    return Array(Shape(tuple(dims)), a.dtype)


def _cosine_similarity(ctx: OpContext, call: Call) -> Value:
    """``cosine_similarity(x1, x2, dim=1)``: broadcast, then reduce ``dim``."""
    bound = call.bind(("x1", "x2", "dim"))
    arrays = [as_array(bound[k].value) if k in bound else None for k in ("x1", "x2")]
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


# == reductions ====================================================================================

def _reduce(dtype: str | None = None, single: bool = False) -> Rule:
    """``sum(x, dim=None, keepdim=False)`` and friends, positional keepdim included."""
    return torch_call(reduction(dtype, params=("a", "axis", "keepdims"), single_axis=single))


def _values_indices(ctx: OpContext, call: Call, values: Value) -> Value:
    if type(values) is not Array:
        return values
    return Tuple((values, Array(values.shape, "int64")))


def _extreme(ctx: OpContext, call: Call) -> Value:
    """``max(x)`` -> 0-d; ``max(x, dim, keepdim)`` -> (values, indices); ``max(x, other)`` elementwise."""
    second = call.args[1] if len(call.args) > 1 else call.kwargs.get("other")
    if second is not None and type(second.value) is Array:
        return ufunc(2)(ctx, Call(call.name, [call.args[0], second]))
    dim = _dim(call, 1)
    if dim is None:
        return reduction()(ctx, Call(call.name, call.args[:1]))
    kwargs = {"keepdims": Arg(Bool(_keepdim(call, 2)))}
    values = reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], dim], kwargs))
    return _values_indices(ctx, call, values)


def _median(ctx: OpContext, call: Call) -> Value:
    """``median(x)`` -> 0-d; ``median(x, dim)`` -> (values, indices). ``mode`` always takes a dim (-1)."""
    dim = _dim(call, 1, -1 if ctx.op in ("mode",) else None)
    if dim is None:
        return reduction()(ctx, Call(call.name, call.args[:1]))
    kwargs = {"keepdims": Arg(Bool(_keepdim(call, 2)))}
    return _values_indices(ctx, call, reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], dim], kwargs)))


def _kthvalue(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    if a is None:
        return UNKNOWN
    kwargs = {"keepdims": Arg(Bool(_keepdim(call, 3)))}
    return _values_indices(ctx, call, reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], _dim(call, 2, -1)],
                                                                            kwargs)))


def _sort(ctx: OpContext, call: Call) -> Value:
    """``sort(x, dim=-1)`` / ``cummax(x, dim)``: (values, indices), both shaped like x."""
    values = _along_dim(params=("input", "dim"), default=-1)(ctx, call)
    return _values_indices(ctx, call, values)


def _topk(ctx: OpContext, call: Call) -> Value:
    """``topk(x, k, dim=-1)``: (values, indices) with ``dim`` cut to k (k must not exceed it)."""
    a, arg = _first(call)
    k_arg = call.args[1] if len(call.args) > 1 else call.kwargs.get("k")
    if a is None or k_arg is None:
        return UNKNOWN
    dims = a.shape.dims
    k = int_arg(k_arg)
    d = const_int(_dim(call, 2, -1))
    if dims is None or d is None:
        return Tuple((Array(UNKNOWN_SHAPE, a.dtype), Array(UNKNOWN_SHAPE, "int64")))
    if not dims:
        return Tuple((a, Array(a.shape, "int64")))
    axis = normalize_axis(ctx, d, len(dims), "dim")
    k = k if k is not None else ctx.fresh("k")
    ctx.require(le(k, dims[axis]), "SC107", lambda: (
        f"{ctx.op}: k ({ctx.show_dim(k)}) is larger than the size {ctx.show_dim(dims[axis])} of dimension "
        f"{axis} ({ctx.describe(arg)})"))
    out = Shape(dims[:axis] + (k,) + dims[axis + 1:])
    return Tuple((Array(out, a.dtype), Array(out, "int64")))


def _aminmax(ctx: OpContext, call: Call) -> Value:
    values = _reduce()(ctx, call)
    return Tuple((values, values)) if type(values) is Array else values


def _stat_mean(ctx: OpContext, call: Call) -> Value:
    """``std_mean``/``var_mean``: (statistic, mean), both reduced the same way."""
    values = _reduce("float")(ctx, call)
    return Tuple((values, values)) if type(values) is Array else values


def _vector_norm(ctx: OpContext, call: Call) -> Value:
    return torch_call(reduction("float", params=("a", "ord", "axis", "keepdims")))(ctx, call)


def _matrix_norm(ctx: OpContext, call: Call) -> Value:
    if "dim" not in call.kwargs and len(call.args) < 3:
        call = Call(call.name, call.args, {**call.kwargs, "dim": Arg(Tuple((Int(-2), Int(-1))), "(-2, -1)")})
    return _vector_norm(ctx, call)


def _norm(ctx: OpContext, call: Call) -> Value:
    """``torch.norm(x, p='fro', dim=None, keepdim=False)``: p comes before dim."""
    return _vector_norm(ctx, call)


# == contractions ==================================================================================

def _ranked(rule: Rule, *ranks: int) -> Rule:
    """``rule`` for operands of exactly these ranks (``mm`` takes matrices, ``bmm`` 3-D batches)."""

    def ranked(ctx: OpContext, call: Call) -> Value:
        for index, (arg, want) in enumerate(zip(call.args, ranks)):
            a = as_array(arg.value)
            if a is not None and a.shape.rank is not None and a.shape.rank != want:
                ctx.fail("SC107", f"{ctx.op}: operand {index} must be a {want}-D tensor, but {ctx.describe(arg)}")
        return rule(ctx, call)

    return ranked


_MM = _ranked(sig("(n,k),(k,m)->(n,m)"), 2, 2)
_BMM = _ranked(sig("(b,n,k),(b,k,m)->(b,n,m)"), 3, 3)


def _add_product(product: Rule) -> Rule:
    """``addmm(input, m1, m2)``/``baddbmm``: the product, with ``input`` broadcast to it."""

    def rule(ctx: OpContext, call: Call) -> Value:
        if len(call.args) < 3:
            return UNKNOWN
        result = product(ctx, Call(call.name, call.args[1:3]))
        base = as_array(call.args[0].value)
        if type(result) is Array and base is not None:
            _broadcast_into(ctx, result, Arg(result, "the product"), base, call.args[0])
        return result

    return rule


def _einsum(ctx: OpContext, call: Call) -> Value:
    """``einsum(eq, *operands)`` or ``einsum(eq, [operands])``."""
    if len(call.args) == 2 and type(call.args[1].value) in (List, Tuple) and call.args[1].value.items is not None:
        ops = call.args[1].value.items
        texts = element_texts(call.args[1].text, len(ops))
        call = Call(call.name, [call.args[0]] + [Arg(v, t) for v, t in zip(ops, texts)])
    return C.einsum(ctx, call)


# == shape manipulation ============================================================================

def _view(ctx: OpContext, call: Call) -> Value:
    """``view/reshape(*shape)`` with one -1; ``view(dtype)`` reinterprets (shape not modelled)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return UNKNOWN
    if len(call.args) == 2 and type(call.args[1].value) is LibraryObject:
        return Array(UNKNOWN_SHAPE, torch_dtype(call.args[1].value))
    target = call.kwargs.get("shape") or _size_arg(call, 1)
    if target is None:
        return UNKNOWN
    return Array(M.reshape_shape(ctx, a, target), a.dtype)


def _as_shape_of(ctx: OpContext, call: Call) -> Value:
    """``view_as(other)`` / ``reshape_as(other)``: other's shape, with the size check of view."""
    if len(call.args) < 2:
        return UNKNOWN
    a, other = as_array(call.args[0].value), as_array(call.args[1].value)
    if a is None or other is None or other.shape.dims is None:
        return UNKNOWN
    target = Arg(Tuple(tuple(Int(d) for d in other.shape.dims)), ctx.show_shape(other.shape))
    return Array(M.reshape_shape(ctx, a, target), a.dtype)


def _flatten(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    if a is None:
        return UNKNOWN
    bound = call.bind(("input", "start_dim", "end_dim"))
    start = const_int(bound["start_dim"]) if "start_dim" in bound else 0
    end = const_int(bound["end_dim"]) if "end_dim" in bound else -1
    return flatten_shape(ctx, a, start, end)


def _unflatten(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "sizes"))
    a = as_array(bound["input"].value) if "input" in bound else None
    if a is None:
        return UNKNOWN
    return unflatten_shape(ctx, a, bound["dim"].value if "dim" in bound else None,
                           bound["sizes"].value if "sizes" in bound else None)


def _squeeze(ctx: OpContext, call: Call) -> Value:
    """``squeeze(dim)``: removes ``dim`` only if it is 1 (otherwise a no-op, unlike NumPy)."""
    bound = call.bind(("input", "dim"))
    a = as_array(bound["input"].value) if "input" in bound else None
    if a is None:
        return UNKNOWN
    dim = bound.get("dim")
    if dim is None or is_none(dim):
        return M.squeeze(ctx, Call(call.name, [bound["input"]]))
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    try:
        axes = axes_arg(ctx, dim, len(dims), zero_d_ok=True)
    except UnknownAxis:
        return Array(UNKNOWN_SHAPE, a.dtype)
    out = []
    for i, d in enumerate(dims):
        if i in (axes or ()):
            verdict = Verdict.HOLDS if d == 1 else Verdict.FAILS if type(d) is int else ctx.decide(eq(d, 1))
            if verdict is Verdict.HOLDS:
                continue
            if verdict is not Verdict.FAILS:
                return Array(UNKNOWN_SHAPE, a.dtype)
        out.append(d)
    return Array(Shape(tuple(out)), a.dtype)


def _expand(ctx: OpContext, call: Call) -> Value:
    """``expand(*sizes)``: -1 keeps a dim; a size-1 dim may grow; new dims are added in front."""
    a, arg = _first(call)
    target = _size_arg(call, 1)
    if a is None or target is None:
        return UNKNOWN
    v = target.value
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) and v.items is not None else None
    dims = a.shape.dims
    if items is None or dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    extra = len(items) - len(dims)
    if extra < 0:
        ctx.fail("SC107", f"{ctx.op}: the number of sizes provided ({len(items)}) must be greater or equal to "
                          f"the number of dimensions of {ctx.describe(arg)}")
    out = []
    for i, item in enumerate(items):
        size = item.dim if type(item) is Int else ctx.fresh("d")
        if i < extra:
            if size == -1:
                ctx.fail("SC107", f"{ctx.op}: -1 is not allowed in a leading, non-existing dimension ({i})")
            out.append(size)
            continue
        d = dims[i - extra]
        if size == -1:
            out.append(d)
            continue
        ctx.require(disj((eq(d, size), eq(d, 1))), "SC101", lambda d=d, size=size, i=i: (
            f"{ctx.op}: {ctx.describe(arg)} cannot be expanded to ({target.text}): the expanded size "
            f"{ctx.show_dim(size)} must match the existing size {ctx.show_dim(d)} at non-singleton dimension {i}"))
        out.append(size)
    return Array(Shape(tuple(out)), a.dtype)


def _expand_as(ctx: OpContext, call: Call) -> Value:
    other = as_array(call.args[1].value) if len(call.args) > 1 else None
    if other is None or other.shape.dims is None:
        return UNKNOWN
    return _expand(ctx, Call(call.name, [call.args[0], Arg(Tuple(tuple(Int(d) for d in other.shape.dims)),
                                                           ctx.show_shape(other.shape))]))


def _repeat(ctx: OpContext, call: Call) -> Value:
    """``x.repeat(*sizes)`` is NumPy's ``tile``, except that sizes may not be fewer than x's dims."""
    a, arg = _first(call)
    sizes = _size_arg(call, 1)
    if a is None or sizes is None:
        return UNKNOWN
    reps = shape_arg(ctx, sizes)
    if reps is not None and a.shape.rank is not None and len(reps) < a.shape.rank:
        ctx.fail("SC107", f"{ctx.op}: {len(reps)} repeat sizes are fewer than the tensor's {a.shape.rank} "
                          f"dimensions ({ctx.describe(arg)})")
    return M.tile(ctx, Call(call.name, [call.args[0], sizes]))


def _t(ctx: OpContext, call: Call) -> Value:
    a, arg = _first(call)
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else a
    if len(a.shape.dims) > 2:
        ctx.fail("SC107", f"{ctx.op}: expects a tensor with <= 2 dimensions, but {ctx.describe(arg)}")
    return Array(Shape(tuple(reversed(a.shape.dims))), a.dtype)


def _concatenate(ctx: OpContext, call: Call) -> Value:
    return torch_call(M.concatenate, tensors="arrays")(ctx, call)


def _pieces(a: Array, axis: int, sizes: list) -> Value:
    dims = a.shape.dims
    return Tuple(tuple(Array(Shape(dims[:axis] + (s,) + dims[axis + 1:]), a.dtype) for s in sizes))


def _split(ctx: OpContext, call: Call) -> Value:
    """``split(x, size, dim=0)``: chunks of ``size`` (the last may be smaller); a list gives each
    size, and the sizes must add up to the dim."""
    bound = call.bind(("input", "split_size_or_sections", "dim"))
    a = as_array(bound["input"].value) if "input" in bound else None
    spec = bound.get("split_size_or_sections") or call.kwargs.get("split_size")
    if a is None or spec is None or a.shape.dims is None:
        return UNKNOWN
    d = const_int(bound["dim"]) if "dim" in bound else 0
    if d is None or not a.shape.dims:
        return UNKNOWN
    axis = normalize_axis(ctx, d, len(a.shape.dims), "dim")
    n = a.shape.dims[axis]
    v = spec.value
    if type(v) in (Tuple, List) and v.items is not None and all(type(i) is Int for i in v.items):
        sizes = [i.dim for i in v.items]
        total = D.add(0, 0)
        for s in sizes:
            total = D.add(total, s)
        ctx.require(eq(total, n), "SC107", lambda: (
            f"{ctx.op}: split sizes {spec.text or sizes} add up to {ctx.show_dim(total)}, not to the size "
            f"{ctx.show_dim(n)} of dimension {axis} ({ctx.describe(bound['input'])})"))
        return _pieces(a, axis, sizes)
    size = int_arg(spec)
    if size is None:
        return UNKNOWN
    if type(size) is int and size <= 0:
        ctx.fail("SC107", f"{ctx.op}: split_size must be positive, not {size}")
    if type(n) is int and type(size) is int:
        return _pieces(a, axis, [size] * (n // size) + ([n % size] if n % size or n == 0 else []))
    count = D.floordiv(n, size)
    if D.mod(n, size) == 0 and type(count) is int:
        return _pieces(a, axis, [size] * count)
    return UNKNOWN


def _chunk(ctx: OpContext, call: Call) -> Value:
    """``chunk(x, chunks, dim=0)``: pieces of ceil(n / chunks); there may be fewer than ``chunks``."""
    bound = call.bind(("input", "chunks", "dim"))
    a = as_array(bound["input"].value) if "input" in bound else None
    chunks = int_arg(bound.get("chunks"))
    if a is None or chunks is None or a.shape.dims is None or not a.shape.dims or type(chunks) is not int:
        return UNKNOWN
    if chunks <= 0:
        ctx.fail("SC107", f"{ctx.op}: chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = const_int(bound["dim"]) if "dim" in bound else 0
    if d is None:
        return UNKNOWN
    axis = normalize_axis(ctx, d, len(a.shape.dims), "dim")
    n = a.shape.dims[axis]
    if type(n) is int:
        size = -(-n // chunks) if n else 0
        if size == 0:
            return _pieces(a, axis, [0] * chunks)
        return _pieces(a, axis, [size] * (n // size) + ([n % size] if n % size else []))
    if D.mod(n, chunks) == 0:
        return _pieces(a, axis, [D.floordiv(n, chunks)] * chunks)
    return UNKNOWN


def _tensor_split(ctx: OpContext, call: Call) -> Value:
    result = torch_call(M.array_split)(ctx, call)
    return Tuple(result.items) if type(result) is List and result.items is not None else UNKNOWN


def _unbind(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    d = const_int(_dim(call, 1, 0))
    if a is None or a.shape.dims is None or d is None or not a.shape.dims:
        return UNKNOWN
    axis = normalize_axis(ctx, d, len(a.shape.dims), "dim")
    n = a.shape.dims[axis]
    if type(n) is not int or n > 64:
        return UNKNOWN
    dims = a.shape.dims
    return Tuple((Array(Shape(dims[:axis] + dims[axis + 1:]), a.dtype),) * n)


def _narrow(ctx: OpContext, call: Call) -> Value:
    """``narrow(x, dim, start, length)``: start + length must fit in the dim."""
    bound = call.bind(("input", "dim", "start", "length"))
    a = as_array(bound["input"].value) if "input" in bound else None
    d, start, length = const_int(bound.get("dim")), int_arg(bound.get("start")), int_arg(bound.get("length"))
    if a is None or a.shape.dims is None or d is None or length is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    axis = normalize_axis(ctx, d, len(dims), "dim")
    if start is not None and not (type(start) is int and start < 0):
        ctx.require(le(D.add(start, length), dims[axis]), "SC105", lambda: (
            f"{ctx.op}: start ({ctx.show_dim(start)}) + length ({ctx.show_dim(length)}) exceeds the size "
            f"{ctx.show_dim(dims[axis])} of dimension {axis} ({ctx.describe(bound['input'])})"))
    return Array(Shape(dims[:axis] + (length,) + dims[axis + 1:]), a.dtype)


def _select(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "index"))
    a = as_array(bound["input"].value) if "input" in bound else None
    d, index = const_int(bound.get("dim")), int_arg(bound.get("index"))
    if a is None or a.shape.dims is None or d is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: select() cannot be applied to a 0-dim tensor")
    axis = normalize_axis(ctx, d, len(dims), "dim")
    if index is not None:
        in_range_index(ctx, index, dims[axis], axis)
    return Array(Shape(dims[:axis] + dims[axis + 1:]), a.dtype)


def _index_select(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "index"))
    a = as_array(bound["input"].value) if "input" in bound else None
    idx = as_array(bound["index"].value) if "index" in bound else None
    d = const_int(bound.get("dim"))
    if a is None or idx is None or a.shape.dims is None or idx.shape.dims is None or d is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    if len(idx.shape.dims) > 1:
        ctx.fail("SC107", f"{ctx.op}: index must be 0-D or 1-D, but {ctx.describe(bound['index'])}")
    dims = a.shape.dims
    axis = normalize_axis(ctx, d, max(len(dims), 1), "dim")
    n = idx.shape.dims[0] if idx.shape.dims else 1
    return Array(Shape(dims[:axis] + (n,) + dims[axis + 1:]), a.dtype)


def _gather(ctx: OpContext, call: Call) -> Value:
    """``gather(x, dim, index)``: the result is shaped like ``index``, of x's rank."""
    bound = call.bind(("input", "dim", "index"))
    a = as_array(bound["input"].value) if "input" in bound else None
    idx = as_array(bound["index"].value) if "index" in bound else None
    if a is None or idx is None:
        return UNKNOWN
    if a.shape.rank is not None and idx.shape.rank is not None and a.shape.rank != idx.shape.rank and idx.shape.rank:
        ctx.fail("SC107", f"{ctx.op}: index tensor must have the same number of dimensions as input: "
                          f"{ctx.describe(bound['input'])} but {ctx.describe(bound['index'])}")
    d = const_int(bound.get("dim"))
    if d is not None and a.shape.dims is not None:
        normalize_axis(ctx, d, max(len(a.shape.dims), 1), "dim")
    return Array(idx.shape, a.dtype)


def _scatter(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    return UNKNOWN if a is None else a


def _nonzero(ctx: OpContext, call: Call) -> Value:
    as_tuple = call.kwargs.get("as_tuple")
    if as_tuple is not None and getattr(as_tuple.value, "value", None) is True:
        return NUMPY["numpy.nonzero"](ctx, call)
    return NUMPY["numpy.argwhere"](ctx, call)


def _where(ctx: OpContext, call: Call) -> Value:
    if len(call.args) == 1 and not call.kwargs:
        return NUMPY["numpy.nonzero"](ctx, call)
    return ufunc(3, params=("condition", "input", "other"))(ctx, call)


def _tensor_where(ctx: OpContext, call: Call) -> Value:
    """``x.where(condition, y)`` is ``torch.where(condition, x, y)``."""
    if len(call.args) < 3:
        return UNKNOWN
    return _where(ctx, Call(call.name, [call.args[1], call.args[0], call.args[2]]))


def _meshgrid(ctx: OpContext, call: Call) -> Value:
    """torch's meshgrid indexes 'ij' by default (NumPy's 'xy'); tensors may come as one list."""
    args = call.args
    if len(args) == 1 and type(args[0].value) in (List, Tuple) and args[0].value.items is not None:
        args = [Arg(v) for v in args[0].value.items]
    kwargs = {"indexing": call.kwargs.get("indexing") or Arg(Str("ij"))}
    return M.meshgrid(ctx, Call(call.name, args, kwargs))


def _size(ctx: OpContext, call: Call) -> Value:
    """``x.size()`` is ``x.shape``; ``x.size(d)`` is one dim."""
    a, _ = _first(call)
    if a is None or a.shape.dims is None:
        return UNKNOWN
    dims = a.shape.dims
    d = _dim(call, 1)
    if d is None:
        return Tuple(tuple(Int(x) for x in dims))
    index = const_int(d)
    if index is None:
        return Int(ctx.fresh("size"))
    return Int(dims[normalize_axis(ctx, index, max(len(dims), 1), "dim")]) if dims else Int(1)


def _ndim(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    if a is None:
        return UNKNOWN
    return Int(a.shape.rank) if a.shape.rank is not None else Int(ctx.fresh("ndim"))


def _numel(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    if a is None:
        return UNKNOWN
    return Int(D.product(a.shape.dims)) if a.shape.dims is not None else Int(ctx.fresh("numel"))


def _cast(dtype: str | None) -> Rule:
    """``x.float()``, ``x.long()``, ``x.cpu()``, ``x.contiguous()``: the same shape."""

    def rule(ctx: OpContext, call: Call) -> Value:
        a, _ = _first(call)
        return UNKNOWN if a is None else Array(a.shape, dtype or a.dtype)

    return rule


def _to(ctx: OpContext, call: Call) -> Value:
    """``x.to(device)``, ``x.to(dtype)``, ``x.to(other)``, ``x.type(dtype)``: the same shape."""
    a, _ = _first(call)
    if a is None:
        return UNKNOWN
    dtype = a.dtype
    for arg in call.args[1:] + [call.kwargs[k] for k in ("dtype",) if k in call.kwargs]:
        if type(arg.value) is LibraryObject:
            dtype = torch_dtype(arg.value)
        elif type(arg.value) is Array:
            dtype = arg.value.dtype
    return Array(a.shape, dtype)


def _to_numpy(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    return UNKNOWN if a is None else Array(a.shape, a.dtype)   # tensor=False: a NumPy array from here


def _item(ctx: OpContext, call: Call) -> Value:
    a, arg = _first(call)
    if a is not None and a.shape.dims is not None:
        n = D.product(a.shape.dims)
        ctx.require(eq(n, 1), "SC107", lambda: (
            f"{ctx.op}: a Tensor with {ctx.show_dim(n)} elements cannot be converted to a Scalar "
            f"({ctx.describe(arg)})"))
    return Int(ctx.fresh("item")) if a is not None and a.dtype and a.dtype.startswith(("int", "uint")) else Float()


def _returns_first(ctx: OpContext, call: Call) -> Value:
    """``nn.init.xavier_uniform_(w)``, ``nn.Parameter(t)``: the tensor passed in."""
    return call.args[0].value if call.args else UNKNOWN


def _returns(value: Value) -> Rule:
    return lambda ctx, call: value


def _size_value(ctx: OpContext, call: Call) -> Value:
    """``torch.Size([2, 3])`` is a tuple of ints."""
    if not call.args:
        return Tuple(())
    v = call.args[0].value
    return Tuple(v.items) if type(v) in (Tuple, List) and v.items is not None else UNKNOWN


# == the table =====================================================================================

_F = "torch.nn.functional"

_FUNCTIONS: dict[str, Rule] = {}
_FUNCTIONS.update({n: ufunc(1, "float") for n in _UNARY_FLOAT})
_FUNCTIONS.update({n: ufunc(1) for n in _UNARY_SAME})
_FUNCTIONS.update({n: ufunc(1, "bool") for n in _UNARY_BOOL})
_FUNCTIONS.update({n: ufunc(2, params=("input", "other")) for n in _BINARY_SAME})
_FUNCTIONS.update({n: ufunc(2, "float", params=("input", "other")) for n in _BINARY_FLOAT})
_FUNCTIONS.update({n: ufunc(2, "bool", params=("input", "other")) for n in _BINARY_BOOL})
_FUNCTIONS.update({n: _reduce() for n in "sum nansum prod amax amin".split()})
_FUNCTIONS.update({n: _reduce("float") for n in "mean nanmean std var logsumexp".split()})
_FUNCTIONS.update({
    # creation
    "zeros": _sized("float32"), "ones": _sized("float32"), "empty": _sized("float32"),
    "rand": _sized("float32"), "randn": _sized("float32"), "full": _full, "randint": _randint,
    "zeros_like": torch_call(like()), "ones_like": torch_call(like()), "empty_like": torch_call(like()),
    "rand_like": torch_call(like("float32")), "randn_like": torch_call(like("float32")),
    "randint_like": torch_call(like("int64")), "full_like": torch_call(like(params=("a", "fill_value"))),
    "tensor": _tensor, "as_tensor": _tensor, "from_numpy": _tensor, "asarray": _tensor,
    "arange": _arange, "linspace": _linspace, "logspace": _linspace,
    "eye": torch_call(K.eye, n="N", m="M"), "randperm": _randperm, "multinomial": _multinomial,
    "normal": torch_call(sized_random(("mean", "std", "size"), "float32")),
    "bernoulli": ufunc(1, "float"), "poisson": ufunc(1, "float"),
    # elementwise with several operands
    "where": _where, "clamp": ufunc(3, params=("input", "min", "max")),
    "clip": ufunc(3, params=("input", "min", "max")), "lerp": ufunc(3, params=("input", "end", "weight")),
    "addcmul": ufunc(3, params=("input", "tensor1", "tensor2")),
    "addcdiv": ufunc(3, params=("input", "tensor1", "tensor2")),
    "masked_fill": _masked_fill, "allclose": NUMPY["numpy.allclose"], "equal": _returns(Bool()),
    "is_tensor": _returns(Bool()), "numel": _numel,
    "softmax": _along_dim("float"), "log_softmax": _along_dim("float"), "cumsum": _along_dim(),
    "cumprod": _along_dim(), "logcumsumexp": _along_dim("float"),
    "argsort": _along_dim("int", default=-1), "sort": _sort, "cummax": _sort, "cummin": _sort,
    "msort": _along_dim(default=0), "dropout": ufunc(1),
    # reductions
    "max": _extreme, "min": _extreme, "median": _median, "nanmedian": _median, "mode": _median,
    "kthvalue": _kthvalue, "topk": _topk, "aminmax": _aminmax, "std_mean": _stat_mean, "var_mean": _stat_mean,
    "argmax": _reduce("int", single=True), "argmin": _reduce("int", single=True),
    "all": _reduce("bool"), "any": _reduce("bool"), "count_nonzero": _reduce("int"),
    "norm": _norm,
    # contractions
    "matmul": sig("(n?,k),(k,m?)->(n?,m?)"), "mm": _MM, "bmm": _BMM,
    "mv": _ranked(sig("(n,m),(m)->(n)"), 2, 1), "dot": _ranked(sig("(n),(n)->()"), 1, 1),
    "vdot": _ranked(sig("(n),(n)->()"), 1, 1), "inner": C.inner,
    "outer": _ranked(C.outer, 1, 1), "ger": _ranked(C.outer, 1, 1), "kron": C.kron,
    "tensordot": torch_call(C.tensordot, dims="axes"), "einsum": _einsum,
    "addmm": _add_product(_MM), "baddbmm": _add_product(_BMM),
    "cdist": sig("(p,m),(r,m)->(p,r)"), "chain_matmul": lambda ctx, call: NUMPY["numpy.linalg.multi_dot"](
        ctx, Call(call.name, [Arg(List(tuple(a.value for a in call.args)))])),
    "inverse": NUMPY["numpy.linalg.inv"], "det": NUMPY["numpy.linalg.det"], "logdet": NUMPY["numpy.linalg.det"],
    "pinverse": NUMPY["numpy.linalg.pinv"], "trace": _ranked(NUMPY["numpy.trace"], 2),
    "diag": K.diag, "diagonal": torch_call(M.diagonal, dim1="axis1", dim2="axis2"),
    "tril": same_shape(param="input"), "triu": same_shape(param="input"),
    # shape manipulation
    "reshape": _view, "flatten": _flatten, "unflatten": _unflatten, "ravel": M.ravel,
    "squeeze": _squeeze, "unsqueeze": torch_call(M.expand_dims),
    "permute": torch_call(M.transpose, dims="axes"),
    "transpose": torch_call(M.swapaxes, dim0="axis1", dim1="axis2"),
    "swapaxes": M.swapaxes, "swapdims": torch_call(M.swapaxes, dim0="axis1", dim1="axis2"),
    "movedim": M.moveaxis, "moveaxis": M.moveaxis, "t": _t,
    "cat": _concatenate, "concat": _concatenate, "concatenate": _concatenate,
    "stack": torch_call(M.stack, tensors="arrays"), "hstack": M.hstack, "vstack": M.vstack,
    "dstack": M.dstack, "column_stack": M.column_stack, "row_stack": M.vstack,
    "split": _split, "chunk": _chunk, "tensor_split": _tensor_split, "unbind": _unbind,
    "narrow": _narrow, "select": _select, "index_select": _index_select, "gather": _gather,
    "take": lambda ctx, call: M.take(ctx, Call(call.name, call.args[:2])),
    "take_along_dim": lambda ctx, call: _gather(ctx, Call(call.name, [call.args[0], Arg(Int(0)), call.args[1]])
                                               if len(call.args) > 1 else call),
    "masked_select": unknown_length(), "nonzero": _nonzero, "argwhere": NUMPY["numpy.argwhere"],
    "unique": torch_call(NUMPY["numpy.unique"]), "bincount": unknown_length("int64"),
    "histc": lambda ctx, call: Array(Shape((int_arg(call.kwargs.get("bins") or (call.args[1] if len(call.args) > 1
                                                                                 else None)) or 100,)), "float32"),
    "searchsorted": NUMPY["numpy.searchsorted"], "bucketize": same_shape("int64", param="input"),
    "flip": torch_call(M.flip_axis, dims="axis"), "fliplr": same_shape(param="input"),
    "flipud": same_shape(param="input"), "roll": torch_call(M.flip_axis, dims="axis"),
    "rot90": torch_call(M.rot90, dims="axes"), "tile": M.tile,
    "repeat_interleave": torch_call(M.repeat), "broadcast_to": torch_call(M.broadcast_to, size="shape"),
    "broadcast_tensors": M.broadcast_arrays, "broadcast_shapes": M.broadcast_shapes, "meshgrid": _meshgrid,
    "atleast_1d": M.atleast(1), "atleast_2d": M.atleast(2), "atleast_3d": M.atleast(3),
    "diff": torch_call(M.diff), "scatter": _scatter, "scatter_add": _scatter, "index_add": _scatter,
    "index_copy": _scatter, "index_fill": _scatter, "masked_scatter": _scatter,
    "Size": _size_value, "manual_seed": _returns(NONE),
})

_LINALG = """inv pinv det slogdet cholesky solve norm svd qr eigh eig eigvals eigvalsh matrix_power multi_dot
matmul""".split()

_NN_FUNCTIONAL: dict[str, Rule] = {n: same_shape(param="input") for n in _ACTIVATIONS}
_NN_FUNCTIONAL.update({
    "softmax": _along_dim("float"), "log_softmax": _along_dim("float"), "softmin": _along_dim("float"),
    "normalize": _along_dim(params=("input", "p", "dim"), default=1), "glu": _glu, "pad": _pad,
    "linear": N.functional_linear,
    **{f"conv{n}d": N.functional_conv(n) for n in (1, 2, 3)},
    **{f"max_pool{n}d": N.functional_pool(n, True) for n in (1, 2, 3)},
    **{f"avg_pool{n}d": N.functional_pool(n, False) for n in (1, 2, 3)},
    **{f"adaptive_{kind}_pool{n}d": N.functional_adaptive(n) for kind in ("avg", "max") for n in (1, 2, 3)},
    "layer_norm": N.functional_layer_norm, "rms_norm": N.functional_layer_norm,
    "batch_norm": N.functional_batch_norm, "group_norm": N.functional_group_norm,
    "instance_norm": same_shape(param="input"),
    "embedding": N.functional_embedding, "one_hot": N.one_hot,
    "interpolate": N.functional_interpolate, "upsample": N.functional_interpolate,
    "cosine_similarity": _cosine_similarity, "pairwise_distance": _cosine_similarity,
    "scaled_dot_product_attention": lambda ctx, call: (N.scaled_dot_product_attention_check(ctx, call), _SDPA(
        ctx, Call(call.name, call.args[:3], {k: v for k, v in call.kwargs.items()
                                             if k in ("query", "key", "value")})))[1],
    **{loss: N.functional_loss for loss in """cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss
kl_div binary_cross_entropy binary_cross_entropy_with_logits""".split()},
})
_SDPA = sig("(l,e),(s,e),(s,f)->(l,f)", params=("query", "key", "value"))

_NN: dict[str, Rule] = {kind: N.construct(kind) for kind in N.LAYER_CALLS}
_NN.update({"ModuleList": N.module_list, "ModuleDict": N.module_dict, "Parameter": _returns_first,
            "parameter.Parameter": _returns_first})
_NN.update({f"init.{name}": _returns_first for name in """xavier_uniform_ xavier_normal_ kaiming_uniform_
kaiming_normal_ zeros_ ones_ normal_ uniform_ constant_ trunc_normal_ orthogonal_ eye_ dirac_""".split()})

_RAW: dict[str, Rule] = {f"torch.{n}": r for n, r in _FUNCTIONS.items()}
_RAW.update({f"torch.linalg.{n}": torch_call(NUMPY[f"numpy.linalg.{n}"]) for n in _LINALG})
_RAW.update({
    "torch.linalg.vector_norm": _vector_norm, "torch.linalg.matrix_norm": _matrix_norm,
    "torch.linalg.svdvals": lambda ctx, call: _svdvals(ctx, call), "torch.linalg.vecdot": sig("(n),(n)->()"),
    "torch.cuda.is_available": _returns(Bool(False)), "torch.is_grad_enabled": _returns(Bool()),
})
_RAW.update({f"{_F}.{n}": r for n, r in _NN_FUNCTIONAL.items()})
_RAW.update({f"torch.nn.{n}": r for n, r in _NN.items()})


def _svdvals(ctx: OpContext, call: Call) -> Value:
    a, _ = _first(call)
    if a is None or a.shape.dims is None or len(a.shape.dims) < 2:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    return Array(Shape(dims[:-2] + (D.dmin(dims[-2], dims[-1]),)), a.dtype)


def _tensor_result(rule: Rule) -> Rule:
    def marked(ctx: OpContext, call: Call) -> Value:
        return as_tensor(rule(ctx, call))

    return marked


#: Every torch function by qualified name; the arrays it returns are tensors.
TORCH: dict[str, Rule] = {name: _tensor_result(rule) for name, rule in _RAW.items()}


# == Tensor methods ================================================================================

def _in_place(rule: Rule) -> Rule:
    """``x.add_(y)``: the out-of-place rule, whose result must fit x (torch: "output with shape [3]
    doesn't match the broadcast shape [2, 3]"); x keeps its shape."""

    def rule_(ctx: OpContext, call: Call) -> Value:
        result = rule(ctx, call)
        a = as_array(call.args[0].value) if call.args else None
        if type(result) is Array and a is not None and a.shape.dims is not None and result.shape.dims is not None:
            fits = conj([eq(x, y) for x, y in zip(a.shape.dims, result.shape.dims)]) if len(
                a.shape.dims) == len(result.shape.dims) else FALSE
            ctx.require(fits, "SC101", lambda: (
                f"{ctx.op}: the result {ctx.show_shape(result.shape)} does not fit {ctx.describe(call.args[0])}"))
        return a if a is not None else result

    return rule_


_METHOD_ONLY: dict[str, Rule] = {
    "view": _view, "view_as": _as_shape_of, "reshape_as": _as_shape_of, "expand": _expand,
    "expand_as": _expand_as, "repeat": _repeat, "size": _size, "dim": _ndim, "ndimension": _ndim,
    "numel": _numel, "nelement": _numel, "item": _item, "tolist": _returns(UNKNOWN),
    "contiguous": _cast(None), "clone": _cast(None), "detach": _cast(None), "cpu": _cast(None),
    "cuda": _cast(None), "pin_memory": _cast(None), "requires_grad_": _cast(None), "float": _cast("float32"),
    "double": _cast("float64"), "half": _cast("float16"), "bfloat16": _cast(None), "int": _cast("int32"),
    "long": _cast("int64"), "short": _cast("int16"), "bool": _cast("bool"), "byte": _cast("uint8"),
    "char": _cast("int8"), "to": _to, "type": _to, "type_as": _to, "where": _tensor_where,
    "new_zeros": _new_sized(), "new_ones": _new_sized(), "new_empty": _new_sized(),
    "new_full": _new_sized(), "new_tensor": lambda ctx, call: _tensor(ctx, Call(call.name, call.args[1:])),
    "backward": _returns(NONE), "retain_grad": _returns(NONE), "zero_": _cast(None), "fill_": _cast(None),
    "normal_": _cast(None), "uniform_": _cast(None), "random_": _cast(None), "bernoulli_": _cast(None),
    "exponential_": _cast(None), "copy_": lambda ctx, call: _in_place(_masked_like)(ctx, call),
    "element_size": lambda ctx, call: Int(ctx.fresh("itemsize")), "is_contiguous": _returns(Bool()),
    "is_floating_point": _returns(Bool()), "data_ptr": lambda ctx, call: Int(ctx.fresh("ptr")),
    "apply_": _cast(None), "map_": _cast(None),
}


def _masked_like(ctx: OpContext, call: Call) -> Value:
    """``x.copy_(src)``: src broadcasts into x."""
    if len(call.args) < 2:
        return UNKNOWN
    return ufunc(2)(ctx, Call(call.name, call.args[:2]))


_SHAPE_IN_PLACE = {"unsqueeze_": "unsqueeze", "squeeze_": "squeeze", "transpose_": "transpose", "t_": "t",
                   "swapdims_": "swapdims", "swapaxes_": "swapaxes"}


def tensor_method(name: str) -> Rule | None:
    """The rule of ``x.<name>(...)`` on a tensor (x comes first among the call's arguments)."""
    rule = _METHOD_RULES.get(name)
    if rule is not None:
        return rule
    if name in _SHAPE_IN_PLACE:
        return TORCH.get(f"torch.{_SHAPE_IN_PLACE[name]}")
    if name.endswith("_") and not name.endswith("__"):
        base = _METHOD_RULES.get(name[:-1]) or TORCH.get(f"torch.{name[:-1]}")
        return _in_place(base) if base is not None else None
    return TORCH.get(f"torch.{name}") or TORCH.get(f"{_F}.{name}")


_METHOD_RULES: dict[str, Rule] = {name: _tensor_result(rule) for name, rule in _METHOD_ONLY.items()}
_METHOD_RULES.update({"numpy": _to_numpy, "tolist": _returns(UNKNOWN)})


def tensor_attribute(ctx: OpContext, a: Array, attr: str, text: str) -> Value:
    """``x.shape``, ``x.T``, ``x.mT``, ``x.dtype`` of a tensor; any other name is a method."""
    dims = a.shape.dims
    if attr == "shape":
        return Tuple(tuple(Int(d) for d in dims)) if dims is not None else UNKNOWN
    if attr == "ndim":
        return Int(len(dims)) if dims is not None else Int(ctx.fresh("ndim"))
    if attr in ("T", "H"):
        return as_tensor(Array(Shape(tuple(reversed(dims))), a.dtype)) if dims is not None else a
    if attr in ("mT", "mH"):
        if dims is not None and len(dims) < 2:
            ctx.fail("SC107", f"{attr}: tensor.{attr} is only supported on matrices or batches of matrices, "
                              f"but {text or 'the tensor'} is {ctx.show_shape(a.shape)}")
        if dims is None:
            return a
        return as_tensor(Array(Shape(dims[:-2] + (dims[-1], dims[-2])), a.dtype))
    if attr in ("data", "grad", "real", "imag"):
        return a
    if attr == "dtype":
        return LibraryObject(f"torch.{a.dtype}") if a.dtype else UNKNOWN
    if attr in ("is_cuda", "requires_grad", "is_leaf"):
        return Bool()
    if attr in ("device", "grad_fn", "layout", "names"):
        return UNKNOWN
    return Method(a, attr, text)


#: Layer calls, re-exported for the registry: ``layer(x)`` on a built ``nn`` layer.
LAYER_CALLS = {kind: _tensor_result(rule) for kind, rule in N.LAYER_CALLS.items()}
SELF_METHODS = N.SELF_METHODS
module_attribute = N.module_attribute
layer_item = N.layer_item
