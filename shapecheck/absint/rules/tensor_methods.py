"""``Tensor`` methods and attributes that are not torch functions: ``x.size()``, ``x.dim()``,
``x.numel()``, ``x.stride()``, casts (``x.float()``, ``x.to(...)``), ``x.item()``, ``x.numpy()``,
``x.shape``/``x.T``/``x.mT``.
"""

from __future__ import annotations

from dataclasses import replace

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import matrix_transposed, transposed
from ..core.context import Call, OpContext
from ..core.shape_tuples import dim_at, rank_value, shape_value
from ..core.values import (
    UNKNOWN,
    Array,
    Bool,
    Int,
    LibraryObject,
    Method,
    Tuple,
    Value,
    as_tensor,
)
from .args import const_int, normalize_axis, python_number
from .kinds import Rule, real_part
from .torch_args import dim_arg, first_input, torch_dtype


def size(ctx: OpContext, call: Call) -> Value:
    """``x.size()`` is ``x.shape``; ``x.size(d)`` is one dim."""
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    d = dim_arg(call, 1)
    if d is None:
        return shape_value(a.shape)
    dims = a.shape.dims
    index = const_int(d)
    if dims is None:
        return UNKNOWN if index is None else dim_at(a.shape, index, ctx.middle_dim)
    if index is None:
        return Int(ctx.fresh("size"))
    return Int(dims[normalize_axis(ctx, index, max(len(dims), 1), "dim")]) if dims else Int(1)


def ndim(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    return rank_value(a.shape, ctx.fresh)


def numel(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    return Int(D.product(a.shape.dims)) if a.shape.dims is not None else Int(ctx.fresh("numel"))


def cast(dtype: str | None) -> Rule:
    """``x.float()``, ``x.long()``, ``x.cpu()``, ``x.contiguous()``: the same shape."""

    def rule(ctx: OpContext, call: Call) -> Value:
        a, _ = first_input(call)
        return UNKNOWN if a is None else Array(a.shape, dtype or a.dtype)

    return rule


def to(ctx: OpContext, call: Call) -> Value:
    """``x.to(device)``, ``x.to(dtype)``, ``x.to(other)``, ``x.type(dtype)``: the same shape."""
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    dtype = a.dtype
    for arg in call.args[1:] + [call.kwargs[k] for k in ("dtype",) if k in call.kwargs]:
        if type(arg.value) is LibraryObject:
            dtype = torch_dtype(arg.value)
        elif type(arg.value) is Array:
            dtype = arg.value.dtype
    return Array(a.shape, dtype)


def to_numpy(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    return UNKNOWN if a is None else Array(a.shape, a.dtype)   # tensor=False: a NumPy array from here


def item(ctx: OpContext, call: Call) -> Value:
    a, arg = first_input(call)
    if a is not None and a.shape.dims is not None:
        n = D.product(a.shape.dims)
        ctx.require(eq(n, 1), "SC107", lambda: (
            f"{ctx.op}: a Tensor with {ctx.show_dim(n)} elements cannot be converted to a Scalar "
            f"({ctx.describe(arg)})"))
    return python_number(ctx, a.dtype if a is not None else None)


def stride(ctx: OpContext, call: Call) -> Value:
    """``x.stride()``: one step (in elements) per dim; ``x.stride(d)``: one of them."""
    a, _ = first_input(call)
    if dim_arg(call, 1) is not None:
        return Int(ctx.fresh("stride"))
    if a is None or a.shape.dims is None:
        return UNKNOWN
    return Tuple(tuple(Int(ctx.fresh("stride")) for _ in a.shape.dims))


def fresh_int(name: str) -> Rule:
    """``x.element_size()``, ``x.data_ptr()``: an int of unknown value."""
    return lambda ctx, call: Int(ctx.fresh(name))


def tensor_attribute(ctx: OpContext, a: Array, attr: str, text: str) -> Value:
    """``x.shape``, ``x.T``, ``x.mT``, ``x.dtype`` of a tensor; any other name is a method."""
    dims = a.shape.dims
    if attr == "shape":
        return shape_value(a.shape)
    if attr == "ndim":
        return rank_value(a.shape, ctx.fresh)
    if attr in ("T", "H"):
        return as_tensor(Array(transposed(a.shape), a.dtype))
    if attr in ("mT", "mH"):
        if dims is not None and len(dims) < 2:
            ctx.fail("SC107", f"{attr}: tensor.{attr} is only supported on matrices or batches of matrices, "
                              f"but {text or 'the tensor'} is {ctx.show_shape(a.shape)}")
        return as_tensor(Array(matrix_transposed(a.shape), a.dtype))
    if attr in ("data", "grad"):
        return a
    if attr in ("real", "imag"):
        return replace(a, dtype=real_part(a.dtype))
    if attr == "dtype":
        return LibraryObject(f"torch.{a.dtype}") if a.dtype else UNKNOWN
    if attr in ("is_cuda", "requires_grad", "is_leaf"):
        return Bool()
    if attr in ("device", "grad_fn", "layout", "names"):
        return UNKNOWN
    return Method(a, attr, text)
