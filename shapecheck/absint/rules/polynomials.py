"""NumPy's polynomial functions: ``polyfit`` (deg + 1 coefficients, a column per data set),
``polyval`` (the points' shape), and those over coefficient vectors: ``roots`` and ``polymul`` (as
many as the values say: leading zeros are dropped), ``poly``, ``polyadd``/``polysub``,
``polyder``/``polyint``. Sources: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Float, Value
from .args import as_array, bound_array, float_result, int_arg
from .indexing import may_be_element_object


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


def _coefficients(ctx: OpContext, arg: Arg | None, vector_only: bool = False) -> D.Dim | None:
    """How many coefficients a 1-D ``arg`` holds; None: not known, or not 1-D, which is SC107 where
    the function makes a ``poly1d`` of it (``vector_only``: ``roots``, ``polymul``) and elsewhere
    arithmetic NumPy may broadcast (``polyadd`` of a 2-D array runs)."""
    a = as_array(arg.value) if arg is not None else None
    if a is None or a.shape.dims is None:
        return None
    if len(a.shape.dims) != 1:
        # an element of an array of objects, or of no known dtype, may be a polynomial's 1-D
        # coefficients (python-control's ``roots(self.num_array[i, j])``): not known to fail
        if vector_only and not may_be_element_object(a):
            ctx.fail("SC107", f"{ctx.op}: Input must be a rank-1 array ({ctx.describe(arg)})")
        return None
    return a.shape.dims[0]


def roots(ctx: OpContext, call: Call) -> Value:
    """``roots(p)``: as many roots as ``p``'s degree once its leading zeros are dropped (values)."""
    _coefficients(ctx, call.bind(("p",)).get("p"), vector_only=True)
    return Array(Shape((ctx.fresh("k"),)), None)


def poly(ctx: OpContext, call: Call) -> Value:
    """``poly(seq_of_zeros)``: n + 1 coefficients for n roots, or for an n by n matrix's eigenvalues."""
    b = call.bind(("seq_of_zeros",))
    a = bound_array(b, "seq_of_zeros")
    dims = None if a is None else a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, None)
    if len(dims) == 2:
        ctx.require(eq(dims[0], dims[1]), "SC107", lambda: (
            f"{ctx.op}: input must be 1d or non-empty square 2d array ({ctx.describe(b['seq_of_zeros'])})"))
    elif len(dims) != 1:
        ctx.fail("SC107", f"{ctx.op}: input must be 1d or non-empty square 2d array ({ctx.describe(b['seq_of_zeros'])})")
    return Array(Shape((D.add(dims[0], 1),)), None)


def polyadd(ctx: OpContext, call: Call) -> Value:
    """``polyadd(a1, a2)`` / ``polysub``: the longer one's length (the shorter padded in front)."""
    b = call.bind(("a1", "a2"))
    n, m = _coefficients(ctx, b.get("a1")), _coefficients(ctx, b.get("a2"))
    return Array(UNKNOWN_SHAPE if n is None or m is None else Shape((D.dmax(n, m),)), None)


def polymul(ctx: OpContext, call: Call) -> Value:
    """``polymul(a1, a2)``: each factor's leading zeros dropped first (as ``poly1d``): values."""
    b = call.bind(("a1", "a2"))
    _coefficients(ctx, b.get("a1"), vector_only=True)
    _coefficients(ctx, b.get("a2"), vector_only=True)
    return Array(Shape((ctx.fresh("k"),)), None)


def polyder(ctx: OpContext, call: Call) -> Value:
    """``polyder(p, m=1)``: ``m`` fewer coefficients (none left past the degree)."""
    b = call.bind(("p", "m"))
    n, m = _coefficients(ctx, b.get("p")), 1 if b.get("m") is None else int_arg(b.get("m"), ctx)
    return Array(UNKNOWN_SHAPE if n is None or m is None else Shape((D.dmax(D.sub(n, m), 0),)), None)


def polyint(ctx: OpContext, call: Call) -> Value:
    """``polyint(p, m=1, k=None)``: ``m`` more coefficients."""
    b = call.bind(("p", "m"))
    n, m = _coefficients(ctx, b.get("p")), 1 if b.get("m") is None else int_arg(b.get("m"), ctx)
    return Array(UNKNOWN_SHAPE if n is None or m is None else Shape((D.add(n, m),)), None)
