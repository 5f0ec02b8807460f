"""``jax.scipy.linalg`` and ``jax.scipy.stats.norm``: SciPy's signatures on JAX arrays. The
decompositions NumPy has too are NumPy's rules (jax.py maps them); here the triangular solves,
``cho_factor``/``cho_solve`` and ``block_diag``.

Sources: the JAX reference, jax.scipy.linalg (cho_factor, cho_solve, solve_triangular, block_diag)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Tuple, Value
from .args import as_array, bound_array, float_result
from .contraction import matrix_dims


def _solved(ctx: OpContext, a_arg: Arg, a: Array, b_arg: Arg, b: Array) -> Value:
    """``b``'s shape, the rows of each right-hand side (its last dim where it has one dim fewer than
    ``a``, a stack of vectors, else its second to last) the side of ``a``."""
    x, y = matrix_dims(ctx, a_arg, a, square=True), b.shape.dims
    dtype = float_result(b.dtype)
    if x is None or y is None:
        return Array(b.shape, dtype)
    if not y:
        ctx.fail("SC102", f"{ctx.op}: {ctx.describe(b_arg)}: the right-hand side needs at least one dimension")
    rows = y[-1] if len(y) == len(x) - 1 or len(y) == 1 else y[-2]
    ctx.require(eq(x[-1], rows), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(a_arg)} but {ctx.describe(b_arg)}: {ctx.show_dim(x[-1])} != {ctx.show_dim(rows)}"))
    return Array(b.shape, dtype)


def solve_triangular(ctx: OpContext, call: Call) -> Value:
    """``solve_triangular(a, b, trans=0, lower=False, ...)``."""
    bound = call.bind(("a", "b"))
    a, b = bound_array(bound, "a"), bound_array(bound, "b")
    return UNKNOWN if a is None or b is None else _solved(ctx, bound["a"], a, bound["b"], b)


def cho_factor(ctx: OpContext, call: Call) -> Value:
    """``cho_factor(a, lower=False)``: the factor, ``a``'s shape, and whether it is lower."""
    bound = call.bind(("a",))
    a = bound_array(bound, "a")
    if a is None:
        return UNKNOWN
    matrix_dims(ctx, bound["a"], a, square=True)
    return Tuple((Array(a.shape, float_result(a.dtype)), Bool()))


def cho_solve(ctx: OpContext, call: Call) -> Value:
    """``cho_solve((c, lower), b)``."""
    bound = call.bind(("c_and_lower", "b"))
    pair = bound["c_and_lower"].value if "c_and_lower" in bound else None
    c = as_array(pair.items[0]) if type(pair) is Tuple and pair.items else None
    b = bound_array(bound, "b")
    if c is None or b is None:
        return UNKNOWN
    return _solved(ctx, Arg(c, "the factor"), c, bound["b"], b)


def block_diag(ctx: OpContext, call: Call) -> Value:
    """``block_diag(*arrs)``: 0-d and 1-d blocks count as 1 by 1 and 1 by n; the rows and columns add up."""
    rows, cols, dtype = 0, 0, None
    for arg in call.args:
        a = as_array(arg.value)
        if a is None or a.shape.dims is None:
            return Array(UNKNOWN_SHAPE, None)
        dims = a.shape.dims
        if len(dims) > 2:
            ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}: arguments must have dimension <= 2")
        r, c = (1, 1) if not dims else (1, dims[0]) if len(dims) == 1 else dims
        rows, cols, dtype = D.add(rows, r), D.add(cols, c), dtype or a.dtype
    return Array(Shape((rows, cols)), dtype)
