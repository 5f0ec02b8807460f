"""torch.linalg's functions without a NumPy twin: the ``_ex`` variants (NumPy's result and an
``info`` code per matrix, as a named tuple), ``lu_factor``/``lu_solve`` and ``solve_triangular``;
and torch's older ``torch.svd`` (``V``, not ``Vh``), ``torch.dist``, ``lu_unpack`` and
``triangular_solve``.

Sources: the torch.linalg reference (inv_ex, solve_ex, cholesky_ex, lu_factor, lu_factor_ex,
lu_solve, solve_triangular), torch.svd, torch.dist, torch.lu_unpack, torch.triangular_solve."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, matrix_transposed
from ..core.context import Arg, Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Bool, Tuple, Value
from .args import bound_array
from .contraction import matrix_dims
from .kinds import Rule, ufunc
from .numpy import NUMPY


def with_info(rule: Rule, field: str) -> Rule:
    """``inv_ex(A)``, ``solve_ex(A, B)``, ``cholesky_ex(A)``: ``rule``'s result and one int32 code per
    matrix of ``A``'s batch, fields (``field``, ``info``)."""

    def ex(ctx: OpContext, call: Call) -> Value:
        result = rule(ctx, call)
        a = bound_array(call.bind(("A",)), "A")
        if type(result) is not Array or a is None or a.shape.dims is None:
            return UNKNOWN
        return Tuple((result, Array(Shape(a.shape.dims[:-2]), "int32")), fields=(field, "info"))

    return ex


def _lu_factor(ctx: OpContext, call: Call) -> tuple | None:
    b = call.bind(("A",))
    a = bound_array(b, "A")
    if a is None or a.shape.dims is None:
        return None
    dims = matrix_dims(ctx, b["A"], a)
    pivots = Array(Shape(dims[:-2] + (D.dmin(dims[-2], dims[-1]),)), "int32")
    return Array(a.shape, a.dtype), pivots, Array(Shape(dims[:-2]), "int32")


def lu_factor(ctx: OpContext, call: Call) -> Value:
    """``lu_factor(A)``: (LU, pivots): ``A``'s shape and ``min(m, n)`` pivots per matrix."""
    parts = _lu_factor(ctx, call)
    return UNKNOWN if parts is None else Tuple(parts[:2], fields=("LU", "pivots"))


def lu_factor_ex(ctx: OpContext, call: Call) -> Value:
    """``lu_factor_ex(A)``: (LU, pivots, info)."""
    parts = _lu_factor(ctx, call)
    return UNKNOWN if parts is None else Tuple(parts, fields=("LU", "pivots", "info"))


def _solved(ctx: OpContext, a_arg: Arg, a: Array, b_arg: Arg, b: Array, left: bool) -> Value:
    """``B``'s shape (its batch broadcast with ``A``'s) where ``A`` (``*, n, n``) solves it from the
    left (``B``: ``*, n, k``) or the right (``*, k, n``)."""
    x, y = a.shape.dims, b.shape.dims
    if x is None or y is None:
        return Array(UNKNOWN_SHAPE, b.dtype)
    matrix_dims(ctx, a_arg, a, square=True)
    matrix_dims(ctx, b_arg, b)
    rows = y[-2] if left else y[-1]
    ctx.require(eq(x[-1], rows), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(a_arg)} but {ctx.describe(b_arg)}: {ctx.show_dim(x[-1])} != {ctx.show_dim(rows)}"))
    batch = ctx.broadcast([(Shape(x[:-2]), a_arg.text), (Shape(y[:-2]), b_arg.text)])
    return Array(Shape((batch.prefix if batch else ()) + y[-2:]), b.dtype)


def solve_triangular(ctx: OpContext, call: Call) -> Value:
    """``solve_triangular(A, B, *, upper, left=True, unitriangular=False)``."""
    b = call.bind(("A", "B"))
    a_, b_ = bound_array(b, "A"), bound_array(b, "B")
    left = "left" not in call.kwargs or flag(call.kwargs["left"].value, True) is not False
    return UNKNOWN if a_ is None or b_ is None else _solved(ctx, b["A"], a_, b["B"], b_, left)


def lu_solve(ctx: OpContext, call: Call) -> Value:
    """``lu_solve(LU, pivots, B, *, left=True, adjoint=False)``: as a solve by ``LU``."""
    b = call.bind(("LU", "pivots", "B"))
    lu, rhs = bound_array(b, "LU"), bound_array(b, "B")
    left = "left" not in call.kwargs or flag(call.kwargs["left"].value, True) is not False
    return UNKNOWN if lu is None or rhs is None else _solved(ctx, b["LU"], lu, b["B"], rhs, left)


def svd(ctx: OpContext, call: Call) -> Value:
    """``torch.svd(A, some=True, compute_uv=True)``: (U, S, V), reduced unless ``some=False``, and ``V``
    itself (NumPy's and ``linalg.svd``'s ``Vh`` transposed)."""
    b = call.bind(("input", "some", "compute_uv"))
    if "input" not in b:
        return UNKNOWN
    some = "some" not in b or flag(b["some"].value, True) is not False
    result = NUMPY["numpy.linalg.svd"](ctx, Call(call.name, [b["input"]], {"full_matrices": Arg(Bool(not some))}))
    if type(result) is not Tuple or len(result.items) != 3 or type(result.items[2]) is not Array:
        return UNKNOWN
    u, s, vh = result.items
    return Tuple((u, s, Array(matrix_transposed(vh.shape), vh.dtype)), fields=("U", "S", "V"))


_DIFFERENCE = ufunc(2, params=("input", "other"))


def lu_unpack(ctx: OpContext, call: Call) -> Value:
    """``lu_unpack(LU, pivots)``: (P, L, U) of an (m, n) factorisation, k = min(m, n): P (m, m),
    L (m, k), U (k, n), per matrix of the batch."""
    b = call.bind(("LU_data", "LU_pivots"))
    lu = bound_array(b, "LU_data")
    if lu is None or lu.shape.dims is None:
        return UNKNOWN
    dims = matrix_dims(ctx, b["LU_data"], lu)
    *batch, m, n = dims
    k = D.dmin(m, n)
    return Tuple(tuple(Array(Shape((*batch, r, c)), lu.dtype) for r, c in ((m, m), (m, k), (k, n))), fields=("P", "L", "U"))


def triangular_solve(ctx: OpContext, call: Call) -> Value:
    """``triangular_solve(b, A, upper=True, transpose=False, unitriangular=False)``, linalg's
    ``solve_triangular(A, b)`` before it: (solution, cloned_coefficient), the latter ``A`` itself."""
    b = call.bind(("input", "A"))
    rhs, a = bound_array(b, "input"), bound_array(b, "A")
    if rhs is None or a is None:
        return UNKNOWN
    solution = _solved(ctx, b["A"], a, b["input"], rhs, True)
    return Tuple((solution, a), fields=("solution", "cloned_coefficient")) if type(solution) is Array else UNKNOWN


def dist(ctx: OpContext, call: Call) -> Value:
    """``torch.dist(input, other, p=2)``: the p-norm of the broadcast difference, a 0-d tensor."""
    difference = _DIFFERENCE(ctx, call)
    return Array(Shape(()), difference.dtype) if type(difference) is Array else UNKNOWN


LINALG: dict[str, Rule] = {
    "inv_ex": with_info(NUMPY["numpy.linalg.inv"], "inverse"),
    "cholesky_ex": with_info(NUMPY["numpy.linalg.cholesky"], "L"),
    "solve_ex": with_info(NUMPY["numpy.linalg.solve"], "result"),
    "lu_factor": lu_factor, "lu_factor_ex": lu_factor_ex, "lu_solve": lu_solve,
    "solve_triangular": solve_triangular,
}
