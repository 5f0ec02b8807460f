"""``jax.lax``'s structural ops: slices by start and size, padding with interior, ``dot_general``,
``top_k``, ``broadcast_in_dim``, ``iota``, the cumulative and reducing ops, and the binary ops, which
broadcast only between arrays of one rank (or a scalar). Where an op is NumPy's under other
parameter names (``lax.transpose(operand, permutation)``), the NumPy rule runs with the names mapped
(``kinds.renamed``).

Sources: the jax.lax reference; each row's shapes checked against JAX 0.10.2 (tests/cases/jax).
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import disj, eq, le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, List, Tuple, Value
from .args import as_array, bound_array, const_int, dtype_arg, int_arg, normalize_axis, shape_arg
from .kinds import Rule, renamed, ufunc
from .numpy import NUMPY


def _dims(ctx: OpContext, arg: Arg | None) -> tuple | None:
    return shape_arg(ctx, arg) if arg is not None else None


def _operand(b: dict, name: str = "operand") -> tuple | None:
    a = bound_array(b, name)
    return None if a is None or a.shape.dims is None else (a, a.shape.dims)


def _rank_of(ctx: OpContext, what: str, items: tuple, rank: int, text: str) -> None:
    if len(items) != rank:
        ctx.fail("SC107", f"{ctx.op}: {what} must have one entry per dimension of the operand ({rank}), "
                          f"but {text} has {len(items)}")


def _fits(ctx: OpContext, sizes: tuple, dims: tuple, what: str) -> None:
    for axis, (s, d) in enumerate(zip(sizes, dims)):
        ctx.require(le(s, d), "SC105", lambda s=s, d=d, axis=axis: (
            f"{ctx.op}: {what} {ctx.show_dim(s)} is larger than the operand's dimension {axis} ({ctx.show_dim(d)})"))


def dynamic_slice(ctx: OpContext, call: Call) -> Value:
    """``dynamic_slice(operand, start_indices, slice_sizes)``: an array of ``slice_sizes``."""
    b = call.bind(("operand", "start_indices", "slice_sizes"))
    found, sizes = _operand(b), _dims(ctx, b.get("slice_sizes"))
    if found is None or sizes is None:
        return Array(Shape(sizes), found[0].dtype if found else None) if sizes is not None else UNKNOWN
    a, dims = found
    _rank_of(ctx, "slice_sizes", sizes, len(dims), b["slice_sizes"].text)
    _fits(ctx, sizes, dims, "slice size")
    return Array(Shape(sizes), a.dtype, tensor=a.tensor)


def dynamic_update_slice(ctx: OpContext, call: Call) -> Value:
    """``dynamic_update_slice(operand, update, start_indices)``: the operand's shape; the update fits in it."""
    b = call.bind(("operand", "update", "start_indices"))
    found, update = _operand(b), bound_array(b, "update")
    if found is None:
        return UNKNOWN
    a, dims = found
    if update is not None and update.shape.dims is not None:
        if len(update.shape.dims) != len(dims):
            ctx.fail("SC107", f"{ctx.op}: update {ctx.describe(b['update'])} must have the operand's rank {len(dims)}")
        _fits(ctx, update.shape.dims, dims, "update dimension")
    return a


def _in_dim(size_param: str | None, keepdims_default: bool = True) -> Rule:
    """``dynamic_slice_in_dim(operand, start_index, slice_size, axis=0)`` (size ``size_param``) and
    ``dynamic_index_in_dim(operand, index, axis=0, keepdims=True)`` / ``index_in_dim`` (no size: 1)."""
    params = ("operand", "start", size_param, "axis") if size_param else ("operand", "start", "axis", "keepdims")

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        found = _operand(b)
        if found is None:
            return UNKNOWN
        a, dims = found
        k = normalize_axis(ctx, const_int(b.get("axis")) or 0, len(dims))
        if size_param is None:
            keep = b.get("keepdims")
            if keep is not None and type(keep.value) is Bool and keep.value.value is False:
                return Array(Shape(dims[:k] + dims[k + 1:]), a.dtype, tensor=a.tensor)
            size = 1
        else:
            size = int_arg(b.get(size_param), ctx)
            if size is None:
                return Array(UNKNOWN_SHAPE, a.dtype)
            _fits(ctx, (size,), (dims[k],), "slice size")
        return Array(Shape(dims[:k] + (size,) + dims[k + 1:]), a.dtype, tensor=a.tensor)
    return rule


def _strided(start, limit, stride) -> D.Dim:
    span = D.sub(limit, start)
    return span if stride == 1 else D.floordiv(D.add(span, stride - 1), stride)


def lax_slice(ctx: OpContext, call: Call) -> Value:
    """``slice(operand, start_indices, limit_indices, strides=None)``: ``(limit - start) / stride`` each, rounded up."""
    b = call.bind(("operand", "start_indices", "limit_indices", "strides"))
    found = _operand(b)
    starts, limits = _dims(ctx, b.get("start_indices")), _dims(ctx, b.get("limit_indices"))
    strides = _dims(ctx, b.get("strides")) if b.get("strides") is not None and b["strides"].value is not None else None
    if found is None or starts is None or limits is None:
        return UNKNOWN
    a, dims = found
    _rank_of(ctx, "limit_indices", limits, len(dims), b["limit_indices"].text)
    _fits(ctx, limits, dims, "limit")
    steps = strides or (1,) * len(dims)
    if not all(type(s) is int and s > 0 for s in steps):
        return Array(Shape(tuple(ctx.fresh() for _ in dims)), a.dtype)
    return Array(Shape(tuple(_strided(s, l, st) for s, l, st in zip(starts, limits, steps))), a.dtype, tensor=a.tensor)


def slice_in_dim(ctx: OpContext, call: Call) -> Value:
    """``slice_in_dim(operand, start_index, limit_index, stride=1, axis=0)``."""
    b = call.bind(("operand", "start_index", "limit_index", "stride", "axis"))
    found = _operand(b)
    if found is None:
        return UNKNOWN
    a, dims = found
    k = normalize_axis(ctx, const_int(b.get("axis")) or 0, len(dims))
    start = int_arg(b.get("start_index")) if b.get("start_index") and b["start_index"].value is not None else 0
    limit = int_arg(b.get("limit_index")) if b.get("limit_index") and b["limit_index"].value is not None else dims[k]
    stride = const_int(b.get("stride")) or 1
    if start is None or limit is None or stride <= 0:
        return Array(UNKNOWN_SHAPE, a.dtype)
    return Array(Shape(dims[:k] + (_strided(start, limit, stride),) + dims[k + 1:]), a.dtype, tensor=a.tensor)


def pad(ctx: OpContext, call: Call) -> Value:
    """``pad(operand, padding_value, padding_config)``: ``(low, high, interior)`` per dim adds
    ``low + high + interior * (d - 1)`` (none between the elements of an empty dim)."""
    b = call.bind(("operand", "padding_value", "padding_config"))
    found, config = _operand(b), b.get("padding_config")
    rows = config.value.items if config is not None and type(config.value) in (Tuple, List) else None
    if found is None or rows is None:
        return UNKNOWN
    a, dims = found
    _rank_of(ctx, "padding_config", rows, len(dims), config.text)
    out = []
    for d, row in zip(dims, rows):
        parts = _dims(ctx, Arg(row)) if type(row) in (Tuple, List) else None
        if parts is None or len(parts) != 3:
            return Array(UNKNOWN_SHAPE, a.dtype)
        low, high, interior = parts
        out.append(D.add(D.add(d, D.add(low, high)), D.mul(interior, D.dmax(D.sub(d, 1), 0))))
    return Array(Shape(tuple(out)), a.dtype, tensor=a.tensor)


def dot_general(ctx: OpContext, call: Call) -> Value:
    """``dot_general(lhs, rhs, dimension_numbers=((lhs_contract, rhs_contract), (lhs_batch,
    rhs_batch)))``: the batch dims, then lhs's free dims, then rhs's; paired dims must be equal."""
    b = call.bind(("lhs", "rhs", "dimension_numbers", "precision", "preferred_element_type"))
    lhs, rhs, numbers = bound_array(b, "lhs"), bound_array(b, "rhs"), b.get("dimension_numbers")
    spec = _nested_ints(numbers.value) if numbers is not None else None
    if lhs is None or rhs is None or spec is None or lhs.shape.dims is None or rhs.shape.dims is None:
        return UNKNOWN
    try:
        (lc, rc), (lb, rb) = spec
    except ValueError:
        return UNKNOWN
    ld, rd = lhs.shape.dims, rhs.shape.dims
    lc, lb = [normalize_axis(ctx, i, len(ld)) for i in lc], [normalize_axis(ctx, i, len(ld)) for i in lb]
    rc, rb = [normalize_axis(ctx, i, len(rd)) for i in rc], [normalize_axis(ctx, i, len(rd)) for i in rb]
    if len(lc) != len(rc) or len(lb) != len(rb):
        ctx.fail("SC107", f"{ctx.op}: the contracting and batch dimensions must come in pairs, but "
                          f"{numbers.text} pairs {len(lc)} with {len(rc)} and {len(lb)} with {len(rb)}")
    for what, pairs in (("contracting", zip(lc, rc)), ("batch", zip(lb, rb))):
        for i, j in pairs:
            ctx.require(eq(ld[i], rd[j]), "SC102", lambda i=i, j=j, what=what: (
                f"{ctx.op}: {ctx.describe(b['lhs'])} but {ctx.describe(b['rhs'])}: {what} dimensions "
                f"{i} and {j} differ: {ctx.show_dim(ld[i])} != {ctx.show_dim(rd[j])}"))
    free_l = [d for i, d in enumerate(ld) if i not in lc and i not in lb]
    free_r = [d for i, d in enumerate(rd) if i not in rc and i not in rb]
    dtype = dtype_arg(b.get("preferred_element_type")) or lhs.dtype
    return Array(Shape(tuple(ld[i] for i in lb) + tuple(free_l) + tuple(free_r)), dtype, tensor=lhs.tensor)


def _nested_ints(v: Value):
    """A tree of tuples/lists of Python ints as Python tuples; None where any part is unknown."""
    if type(v) in (Tuple, List):
        if v.items is None:
            return None
        parts = [_nested_ints(x) for x in v.items]
        return None if any(p is None for p in parts) else tuple(parts)
    d = int_arg(Arg(v))
    return d if type(d) is int else None


def top_k(ctx: OpContext, call: Call) -> Value:
    """``top_k(operand, k)``: values and int32 indices, the last dim ``k``."""
    b = call.bind(("operand", "k"))
    a, k = bound_array(b, "operand"), int_arg(b.get("k"), ctx)
    if a is None or k is None or a.shape.dims is None or not a.shape.dims:
        return UNKNOWN
    dims = a.shape.dims
    ctx.require(le(k, dims[-1]), "SC105", lambda: f"{ctx.op}: k = {ctx.show_dim(k)} is larger than the last "
                                                  f"dimension of {ctx.describe(b['operand'])}")
    shape = Shape(dims[:-1] + (k,))
    return Tuple((Array(shape, a.dtype, tensor=a.tensor), Array(shape, "int32", tensor=a.tensor)))


def broadcast_in_dim(ctx: OpContext, call: Call) -> Value:
    """``broadcast_in_dim(operand, shape, broadcast_dimensions)``: ``shape``; operand dim ``i`` goes
    to ``broadcast_dimensions[i]``, where it must be 1 or the same size."""
    b = call.bind(("operand", "shape", "broadcast_dimensions"))
    found, target = _operand(b), _dims(ctx, b.get("shape"))
    where = _nested_ints(b["broadcast_dimensions"].value) if "broadcast_dimensions" in b else None
    if found is None or target is None:
        return UNKNOWN if target is None else Array(Shape(target))
    a, dims = found
    if where is not None:
        _rank_of(ctx, "broadcast_dimensions", where, len(dims), b["broadcast_dimensions"].text)
        for d, i in zip(dims, where):
            if 0 <= i < len(target):
                ctx.require(disj((eq(d, 1), eq(d, target[i]))), "SC101",
                            lambda d=d, i=i: f"{ctx.op}: {ctx.describe(b['operand'])} cannot be broadcast to "
                                             f"{ctx.show_shape(Shape(target))}: {ctx.show_dim(d)} at dimension {i}")
    return Array(Shape(target), a.dtype, tensor=a.tensor)


def broadcast(ctx: OpContext, call: Call) -> Value:
    """``broadcast(operand, sizes)``: ``sizes`` in front of the operand's dims."""
    b = call.bind(("operand", "sizes"))
    found, sizes = _operand(b), _dims(ctx, b.get("sizes"))
    if found is None or sizes is None:
        return UNKNOWN
    return Array(Shape(sizes + found[1]), found[0].dtype, tensor=found[0].tensor)


def iota(ctx: OpContext, call: Call) -> Value:
    """``iota(dtype, size)``: ``(size,)``."""
    b = call.bind(("dtype", "size"))
    size = int_arg(b.get("size"), ctx)
    return UNKNOWN if size is None else Array(Shape((size,)), dtype_arg(b.get("dtype")))


def broadcasted_iota(ctx: OpContext, call: Call) -> Value:
    """``broadcasted_iota(dtype, shape, dimension)``: ``shape``."""
    b = call.bind(("dtype", "shape", "dimension"))
    shape = _dims(ctx, b.get("shape"))
    if shape is None:
        return UNKNOWN
    axis = const_int(b.get("dimension"))
    if axis is not None:
        normalize_axis(ctx, axis, len(shape), "dimension")
    return Array(Shape(shape), dtype_arg(b.get("dtype")))


def collapse(ctx: OpContext, call: Call) -> Value:
    """``collapse(operand, start_dimension, stop_dimension=None)``: dims start..stop-1 as one."""
    b = call.bind(("operand", "start_dimension", "stop_dimension"))
    found = _operand(b)
    if found is None:
        return UNKNOWN
    a, dims = found
    start = const_int(b.get("start_dimension"))
    stop = const_int(b.get("stop_dimension")) if b.get("stop_dimension") and b["stop_dimension"].value is not None else len(dims)
    if start is None or stop is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    start, stop = (start + len(dims) if start < 0 else start), (stop + len(dims) if stop < 0 else stop)
    size = 1
    for d in dims[start:stop]:
        size = D.mul(size, d)
    return Array(Shape(dims[:start] + (size,) + dims[stop:]), a.dtype, tensor=a.tensor)


def binary(kind: str = "same") -> Rule:
    """A lax binary op: NumPy's broadcasting between arrays of one rank, or with a scalar (a 0-d
    array or a Python number); arrays of two different ranks are JAX's TypeError."""
    numpy_rule = ufunc(2, kind)

    def rule(ctx: OpContext, call: Call) -> Value:
        ranks = {a.shape.rank for a in (as_array(arg.value) for arg in call.args[:2])
                 if a is not None and a.shape.rank not in (None, 0)}
        if len(ranks) > 1:
            ctx.fail("SC101", f"{ctx.op}: arrays must have the same number of dimensions, got "
                              f"{' and '.join(ctx.describe(arg) for arg in call.args[:2])}")
        return numpy_rule(ctx, call)
    return rule


def sort(ctx: OpContext, call: Call) -> Value:
    """``sort(operand, dimension=-1, is_stable=True, num_keys=1)``: the operand's shape; a sequence
    of operands (sorted together by the first ``num_keys``) gives a tuple of them."""
    b = call.bind(("operand", "dimension"))
    operand = b.get("operand")
    if operand is None:
        return UNKNOWN
    items = operand.value.items if type(operand.value) in (Tuple, List) else None
    arrays = [as_array(v) for v in items] if items is not None else [as_array(operand.value)]
    if any(a is None or a.shape.dims is None for a in arrays):
        return UNKNOWN
    axis = const_int(b.get("dimension"))
    for a in arrays:
        normalize_axis(ctx, -1 if axis is None else axis, len(a.shape.dims), "dimension")
    return Tuple(tuple(arrays)) if items is not None else arrays[0]


def select(ctx: OpContext, call: Call) -> Value:
    """``select(pred, on_true, on_false)``: the branches' shape (pred the same, or a scalar)."""
    return binary()(ctx, Call(call.name, list(call.args[1:3]), {}))


_BINARY = "add sub mul div rem pow max min atan2 nextafter bitwise_and bitwise_or bitwise_xor".split()
_COMPARE = "eq ne lt le gt ge".split()

#: jax.lax's structural ops and binary ops, by qualified name.
LAX: dict[str, Rule] = {
    **{f"jax.lax.{name}": binary() for name in _BINARY},
    **{f"jax.lax.{name}": binary("bool") for name in _COMPARE},
    "jax.lax.integer_pow": ufunc(1, params=("x",)), "jax.lax.select": select,
    "jax.lax.clamp": renamed(ufunc(3, params=("a", "a_min", "a_max")), ("min", "x", "max"), ("a_min", "a", "a_max")),
    "jax.lax.dynamic_slice": dynamic_slice, "jax.lax.dynamic_update_slice": dynamic_update_slice,
    "jax.lax.dynamic_slice_in_dim": _in_dim("slice_size"), "jax.lax.dynamic_index_in_dim": _in_dim(None),
    "jax.lax.index_in_dim": _in_dim(None), "jax.lax.dynamic_update_slice_in_dim": dynamic_update_slice,
    "jax.lax.slice": lax_slice, "jax.lax.slice_in_dim": slice_in_dim, "jax.lax.pad": pad,
    "jax.lax.dot_general": dot_general, "jax.lax.dot": renamed(NUMPY["numpy.dot"], ("lhs", "rhs"), ("a", "b")),
    "jax.lax.batch_matmul": renamed(NUMPY["numpy.matmul"], ("lhs", "rhs"), ("x0", "x1")),
    "jax.lax.top_k": top_k, "jax.lax.broadcast_in_dim": broadcast_in_dim, "jax.lax.broadcast": broadcast,
    "jax.lax.iota": iota, "jax.lax.broadcasted_iota": broadcasted_iota, "jax.lax.collapse": collapse,
    "jax.lax.reshape": renamed(NUMPY["numpy.reshape"], ("operand", "new_sizes"), ("a", "shape")),
    "jax.lax.transpose": renamed(NUMPY["numpy.transpose"], ("operand", "permutation"), ("a", "axes")),
    "jax.lax.squeeze": renamed(NUMPY["numpy.squeeze"], ("array", "dimensions"), ("a", "axis")),
    "jax.lax.expand_dims": renamed(NUMPY["numpy.expand_dims"], ("array", "dimensions"), ("a", "axis")),
    "jax.lax.concatenate": renamed(NUMPY["numpy.concatenate"], ("operands", "dimension"), ("arrays", "axis")),
    "jax.lax.rev": renamed(NUMPY["numpy.flip"], ("operand", "dimensions"), ("m", "axis")),
    **{f"jax.lax.{name}": renamed(NUMPY["numpy.cumsum"], ("operand", "axis"), ("a", "axis"))
       for name in ("cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp")},
    "jax.lax.sort": sort,
    **{f"jax.lax.{name}": renamed(NUMPY[f"numpy.{name}"], ("operand", "axis"), ("a", "axis"))
       for name in ("argmax", "argmin")},
    **{f"jax.lax.reduce_{name}": renamed(NUMPY["numpy.sum"], ("operand", "axes"), ("a", "axis"))
       for name in ("sum", "max", "min", "prod", "and", "or", "xor")},
}
