"""torch's elementwise rules beyond a plain ufunc: ``where``, ``masked_fill``, ops along a ``dim``
(softmax, cumsum, argsort) and the in-place ``x.op_(y)`` forms, whose result must fit x.
"""

from __future__ import annotations

from ...constraints.predicates import FALSE, conj, eq
from ..core.context import Arg, Call, OpContext
from ...constraints.shapes import Shape
from ..core.values import UNKNOWN, Array, List, Tuple, Value
from . import searching
from .args import accumulated, as_array, bound_array, const_int, normalize_axis
from .kinds import Rule, complex_dtype, real_part, sig, ufunc
from .torch_args import torch_dtype


def masked_fill(ctx: OpContext, call: Call) -> Value:
    """``masked_fill(x, mask, value)``: the mask broadcasts to x, whose shape is kept."""
    bound = call.bind(("input", "mask"))
    a = bound_array(bound, "input")
    mask = bound_array(bound, "mask")
    if a is None or mask is None:
        return UNKNOWN if a is None else a
    broadcast_into(ctx, a, bound["input"], mask, bound["mask"])
    return a


def broadcast_into(ctx: OpContext, a: Array, a_arg: Arg, other: Array, other_arg: Arg) -> None:
    """``other`` must broadcast to ``a``'s shape without growing it (in-place and mask semantics)."""
    shape = ctx.broadcast([(a.shape, a_arg.text), (other.shape, other_arg.text)])
    if shape is None or a.shape.dims is None:
        return
    same = conj([eq(x, y) for x, y in zip(shape.prefix, a.shape.dims)]) if len(shape.prefix) == len(
        a.shape.dims) else FALSE
    ctx.require(same, "SC101", lambda: (f"{ctx.op}: {ctx.describe(other_arg)} cannot be broadcast to the shape "
                                        f"of {ctx.describe(a_arg)}"))


def along_dim(dtype: str | None = None, params: tuple[str, ...] = ("input", "dim"), default: int | None = None,
               zero_d: bool = True) -> Rule:
    """Same shape; ``dim`` must exist (softmax, cumsum, argsort, normalize)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = bound_array(bound, "input")
        if a is None:
            return UNKNOWN
        d = const_int(bound.get("dim")) if "dim" in bound else default
        if d is not None and a.shape.dims is not None:
            n = len(a.shape.dims)
            normalize_axis(ctx, d, max(n, 1) if zero_d else n, "dim")
        out_dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else (
            "int64" if dtype == "int" else "float32" if dtype == "float" and a.dtype in (None, "int64") else
            accumulated(a.dtype, True) if dtype == "accumulate" else a.dtype)
        return Array(a.shape, out_dtype)

    return rule


def where(ctx: OpContext, call: Call) -> Value:
    if len(call.args) == 1 and not call.kwargs:
        return searching.nonzero(ctx, call)
    return ufunc(3, params=("condition", "input", "other"))(ctx, call)


def tensor_where(ctx: OpContext, call: Call) -> Value:
    """``x.where(condition, y)`` is ``torch.where(condition, x, y)``."""
    if len(call.args) < 3:
        return UNKNOWN
    return where(ctx, Call(call.name, [call.args[1], call.args[0], call.args[2]]))


def copy_into(ctx: OpContext, call: Call) -> Value:
    """``x.copy_(src)``: src broadcasts into x, which keeps its shape."""
    return in_place(_masked_like)(ctx, call)


def in_place(rule: Rule) -> Rule:
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


def _masked_like(ctx: OpContext, call: Call) -> Value:
    """``x.copy_(src)``: src broadcasts into x."""
    if len(call.args) < 2:
        return UNKNOWN
    return ufunc(2)(ctx, Call(call.name, call.args[:2]))


def complex_of(params: tuple[str, str]) -> Rule:
    """``torch.polar(abs, angle)`` and ``torch.complex(real, imag)``: the broadcast shape, complex."""
    rule = ufunc(2, params=params)

    def complex_rule(ctx: OpContext, call: Call) -> Value:
        out = rule(ctx, call)
        # (of parts of unknown precision, the default float's: complex64)
        return Array(out.shape, complex_dtype(out.dtype) or "complex64") if type(out) is Array else out
    return complex_rule


def foreach(reduced: bool = False) -> Rule:
    """``torch._foreach_<op>(tensors, ...)``: the op on each tensor of a list, a list of results of
    their shapes (0-d where the op reduces: ``_foreach_norm``)."""

    def each(item: Value) -> Value:
        if type(item) is not Array:
            return UNKNOWN
        return Array(Shape(()), item.dtype) if reduced else item

    def rule(ctx: OpContext, call: Call) -> Value:
        held = call.bind(("self",)).get("self")
        tensors = held.value if held is not None else None
        if type(tensors) in (List, Tuple) and tensors.items is not None:
            return List(tuple(map(each, tensors.items)))
        if type(tensors) is List:
            return List(None, each(tensors.element), tensors.length)
        return UNKNOWN

    return rule


_FLOAT_UNARY = ufunc(1, "float", params=("input",))


def polygamma(ctx: OpContext, call: Call) -> Value:
    """``polygamma(n, input)``: the order first, then the tensor, elementwise."""
    b = call.bind(("n", "input"))
    return _FLOAT_UNARY(ctx, Call(call.name, [b["input"]])) if "input" in b else UNKNOWN


_AS_REAL = sig("()->(2)", params=("input",))


def view_as_real(ctx: OpContext, call: Call) -> Value:
    """``view_as_real(z)``: a complex tensor's parts on a trailing dim of 2, in their float dtype."""
    result = _AS_REAL(ctx, call)
    return Array(result.shape, real_part(result.dtype)) if type(result) is Array else result


_AS_COMPLEX = sig("(2)->()", params=("input",))


def view_as_complex(ctx: OpContext, call: Call) -> Value:
    """``view_as_complex(x)``: a float tensor's trailing pair as one complex number, of the complex
    dtype of its precision (unknown where the float's is)."""
    result = _AS_COMPLEX(ctx, call)
    return Array(result.shape, complex_dtype(result.dtype)) if type(result) is Array else result
