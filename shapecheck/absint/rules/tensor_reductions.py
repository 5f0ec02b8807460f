"""torch's reductions where torch differs from NumPy: ``max(x, dim)`` returns (values, indices),
``topk``/``kthvalue``/``median``/``mode`` along a dim, ``aminmax``, ``std_mean``, and the norms.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Int, Tuple, Value
from .args import as_array, const_int, int_arg, normalize_axis
from .kinds import Rule, reduction, ufunc
from .tensor_elementwise import along_dim
from .tensor_layout import view_axis
from .torch_args import dim_arg, first_input, keepdim_flag, torch_call


def reduce(dtype: str | None = None, single: bool = False) -> Rule:
    """``sum(x, dim=None, keepdim=False)`` and friends, positional keepdim included."""
    return torch_call(reduction(dtype, params=("a", "axis", "keepdims"), single_axis=single))


#: The fields of torch's ``return_types`` named tuples (``torch.return_types.max(values, indices)``).
VALUES_INDICES = ("values", "indices")


def values_indices(ctx: OpContext, call: Call, values: Value) -> Value:
    if type(values) is not Array:
        return values
    return Tuple((values, Array(values.shape, "int64")), fields=VALUES_INDICES)


def extreme(ctx: OpContext, call: Call) -> Value:
    """``max(x)`` -> 0-d; ``max(x, dim, keepdim)`` -> (values, indices); ``max(x, other)`` elementwise."""
    second = call.args[1] if len(call.args) > 1 else call.kwargs.get("other")
    if second is not None and type(second.value) is Array:
        return ufunc(2)(ctx, Call(call.name, [call.args[0], second]))
    dim = dim_arg(call, 1)
    if dim is None:
        return reduction()(ctx, Call(call.name, call.args[:1]))
    kwargs = {"keepdims": Arg(Bool(keepdim_flag(call, 2)))}
    values = reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], dim], kwargs))
    return values_indices(ctx, call, values)


def median(ctx: OpContext, call: Call) -> Value:
    """``median(x)`` -> 0-d; ``median(x, dim)`` -> (values, indices). ``mode`` always takes a dim (-1)."""
    dim = dim_arg(call, 1, -1 if ctx.op in ("mode",) else None)
    if dim is None:
        return reduction()(ctx, Call(call.name, call.args[:1]))
    kwargs = {"keepdims": Arg(Bool(keepdim_flag(call, 2)))}
    return values_indices(ctx, call, reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], dim], kwargs)))


def kthvalue(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    kwargs = {"keepdims": Arg(Bool(keepdim_flag(call, 3)))}
    values = reduction(single_axis=True)(ctx, Call(call.name, [call.args[0], dim_arg(call, 2, -1)], kwargs))
    return values_indices(ctx, call, values)


def sort_with_indices(ctx: OpContext, call: Call) -> Value:
    """``sort(x, dim=-1)`` / ``cummax(x, dim)``: (values, indices), both shaped like x."""
    values = along_dim(params=("input", "dim"), default=-1)(ctx, call)
    return values_indices(ctx, call, values)


def topk(ctx: OpContext, call: Call) -> Value:
    """``topk(x, k, dim=-1)``: (values, indices) with ``dim`` cut to k (k must not exceed it)."""
    a, arg = first_input(call)
    k_arg = call.args[1] if len(call.args) > 1 else call.kwargs.get("k")
    if a is None or k_arg is None:
        return UNKNOWN
    dims = a.shape.dims
    k = int_arg(k_arg)
    k = k if k is not None else ctx.fresh("k")
    d = const_int(dim_arg(call, 2, -1))
    if dims is None:   # the dim where the known dims (or a parameter's middle) place it
        view = view_axis(ctx, a, d)
        if view is None:
            return values_indices(ctx, call, Array(UNKNOWN_SHAPE, a.dtype))
        axis, size, out = d, view.size, view.resized(k).shape
    elif d is None:
        return values_indices(ctx, call, Array(UNKNOWN_SHAPE, a.dtype))
    elif not dims:
        return values_indices(ctx, call, a)
    else:
        axis = normalize_axis(ctx, d, len(dims), "dim")
        size, out = dims[axis], Shape(dims[:axis] + (k,) + dims[axis + 1:])
    ctx.require(le(k, size), "SC107", lambda: (
        f"{ctx.op}: k ({ctx.show_dim(k)}) is larger than the size {ctx.show_dim(size)} of dimension "
        f"{axis} ({ctx.describe(arg)})"))
    return values_indices(ctx, call, Array(out, a.dtype))


def aminmax(ctx: OpContext, call: Call) -> Value:
    values = reduce()(ctx, call)
    return Tuple((values, values), fields=("min", "max")) if type(values) is Array else values


def stat_mean(ctx: OpContext, call: Call) -> Value:
    """``std_mean``/``var_mean``: (statistic, mean), both reduced the same way."""
    values = reduce("float")(ctx, call)
    return Tuple((values, values)) if type(values) is Array else values


def vector_norm(ctx: OpContext, call: Call) -> Value:
    return torch_call(reduction("float", params=("a", "ord", "axis", "keepdims")))(ctx, call)


def matrix_norm(ctx: OpContext, call: Call) -> Value:
    if "dim" not in call.kwargs and len(call.args) < 3:
        call = Call(call.name, call.args, {**call.kwargs, "dim": Arg(Tuple((Int(-2), Int(-1))), "(-2, -1)")})
    return vector_norm(ctx, call)


def norm(ctx: OpContext, call: Call) -> Value:
    """``torch.norm(x, p='fro', dim=None, keepdim=False)``: p comes before dim."""
    return vector_norm(ctx, call)


def svdvals(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    if a is None or a.shape.dims is None or len(a.shape.dims) < 2:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    return Array(Shape(dims[:-2] + (D.dmin(dims[-2], dims[-1]),)), a.dtype)


_QUANTILE = torch_call(reduction("float", params=("a", "axis", "keepdims"), single_axis=True))


def quantile(ctx: OpContext, call: Call) -> Value:
    """``quantile(x, q, dim=None, keepdim=False)``: a reduction along ``dim`` (all of x when None)
    for one ``q``; a 1-D ``q`` of k quantiles puts k first."""
    b = call.bind(("input", "q", "dim", "keepdim"))
    q = as_array(b["q"].value) if "q" in b else None
    if "input" not in b or q is None or q.shape.rank not in (0, 1):
        return UNKNOWN
    kwargs = {k: b[k] for k in ("dim", "keepdim") if k in b}
    out = _QUANTILE(ctx, Call(call.name, [b["input"]], kwargs))
    if type(out) is not Array or q.shape.rank == 0:
        return out
    return Array(Shape(q.shape.dims + out.shape.dims) if out.shape.dims is not None else UNKNOWN_SHAPE, out.dtype)
