"""NumPy's polynomial functions: ``polyfit`` (deg + 1 coefficients, a column per data set) and
``polyval`` (the points' shape). Sources: the NumPy reference, numpy.polyfit / numpy.polyval."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Float, Value
from .args import bound_array, float_result, int_arg


def polyfit(ctx: OpContext, call: Call) -> Value:
    """(M,) x and (M,) or (M, K) y -> (deg + 1,) or (deg + 1, K); ``full``/``cov`` add results
    (not modelled: unknown)."""
    b = call.bind(("x", "y", "deg", "rcond", "full", "w", "cov"))
    x, y = bound_array(b, "x"), bound_array(b, "y")
    if x is None or y is None:
        return UNKNOWN
    if any(k in b and not (type(b[k].value) is Bool and b[k].value.value is False) for k in ("full", "cov")):
        return UNKNOWN
    deg = int_arg(b.get("deg"), ctx)
    dtype = float_result(y.dtype)
    if deg is None or y.shape.dims is None or len(y.shape.dims) not in (1, 2):
        if y.shape.dims is not None and len(y.shape.dims) not in (1, 2):
            ctx.fail("SC107", f"{ctx.op}: expected 1D or 2D array for y, but {ctx.describe(b['y'])}")
        return Array(UNKNOWN_SHAPE, dtype)
    if x.shape.dims is not None:
        if len(x.shape.dims) != 1:
            ctx.fail("SC107", f"{ctx.op}: expected 1D vector for x, but {ctx.describe(b['x'])}")
        ctx.require(eq(x.shape.dims[0], y.shape.dims[0]), "SC102", lambda: (
            f"{ctx.op}: expected x and y to have same length: {ctx.describe(b['x'])} but {ctx.describe(b['y'])}"))
    return Array(Shape((D.add(deg, 1),) + y.shape.dims[1:]), dtype)


def polyval(ctx: OpContext, call: Call) -> Value:
    """``polyval(p, x)``: p's coefficients evaluated at every point of x: x's shape (a scalar for a
    Python number)."""
    b = call.bind(("p", "x"))
    p, x = bound_array(b, "p"), bound_array(b, "x")
    if p is None or x is None:
        return UNKNOWN
    if type(b["x"].value) is not Array and x.shape.dims == ():
        return Float()
    return Array(x.shape, float_result(x.dtype) if x.dtype and x.dtype.startswith(("int", "uint", "bool")) and
                 p.dtype and p.dtype.startswith("float") else x.dtype or p.dtype)
