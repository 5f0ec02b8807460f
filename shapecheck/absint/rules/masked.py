"""``numpy.ma``: a masked array has its data's shape, its mask too. ``masked_where`` alone checks
shapes: its condition must have the data's shape exactly (or none: one flag for all), never a
broadcast (IndexError). Source: the NumPy reference, numpy.ma."""

from __future__ import annotations

from ...constraints.predicates import eq
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Value
from .args import as_array, bound_array


def masked_where(ctx: OpContext, call: Call) -> Value:
    """``masked_where(condition, a, copy=True)``."""
    b = call.bind(("condition", "a", "copy"))
    a = bound_array(b, "a")
    if a is None:
        return UNKNOWN
    c = as_array(b["condition"].value) if "condition" in b else None
    cd, ad = (None if c is None else c.shape.dims), a.shape.dims
    if cd and ad is not None:
        def message() -> str:
            return (f"{ctx.op}: Inconsistent shape between the condition and the input (got "
                    f"{ctx.show_shape(c.shape)} and {ctx.show_shape(a.shape)})")
        if len(cd) != len(ad):
            ctx.fail("SC107", message())
        for x, y in zip(cd, ad):
            ctx.require(eq(x, y), "SC107", message)
    return Array(a.shape, a.dtype)


def mask_of(ctx: OpContext, call: Call) -> Value:
    """``getmaskarray(arr)``: one bool per entry."""
    a = bound_array(call.bind(("arr",)), "arr")
    return UNKNOWN if a is None else Array(a.shape, "bool")
