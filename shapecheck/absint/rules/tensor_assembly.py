"""torch functions that assemble a new tensor from others' sizes: ``diag_embed`` (a diagonal of new
matrices), ``block_diag``, ``cartesian_prod`` and ``combinations``.
Sources: the PyTorch reference pages of each; sizes checked against torch 2.13.
"""

from __future__ import annotations

import math
from functools import reduce

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Value
from .args import as_array, bound_array, const_int, normalize_axis, promote


def diag_embed(ctx: OpContext, call: Call) -> Value:
    """(*, n) -> a result one rank higher whose dims ``dim1``/``dim2`` (default the last two) are
    n + |offset|; the input's other dims keep their order."""
    b = call.bind(("input", "offset", "dim1", "dim2"))
    x = bound_array(b, "input")
    if x is None or x.shape.dims is None or not x.shape.dims:
        return UNKNOWN if x is None else Array(UNKNOWN_SHAPE, x.dtype)
    offset, dim1, dim2 = (const_int(b.get(k)) for k in ("offset", "dim1", "dim2"))
    if (offset is None and "offset" in b) or (dim1 is None and "dim1" in b) or (dim2 is None and "dim2" in b):
        return Array(UNKNOWN_SHAPE, x.dtype)
    rank = len(x.shape.dims) + 1
    d1 = normalize_axis(ctx, -2 if dim1 is None else dim1, rank, "dim1")
    d2 = normalize_axis(ctx, -1 if dim2 is None else dim2, rank, "dim2")
    if d1 == d2:
        ctx.fail("SC104", f"{ctx.op}: diagonal dimensions cannot be identical {dim1}, {dim2}")
        return UNKNOWN
    n = D.add(x.shape.dims[-1], abs(offset or 0))
    rest = iter(x.shape.dims[:-1])
    return Array(Shape(tuple(n if i in (d1, d2) else next(rest) for i in range(rank))), x.dtype)


def _arrays(call: Call) -> list[Array] | None:
    arrays = [as_array(a.value) for a in call.args]
    return None if any(a is None for a in arrays) else arrays


def block_diag(ctx: OpContext, call: Call) -> Value:
    """Matrices (a 0-d tensor counts as (1, 1), a 1-D one of n as (1, n)) on a diagonal: rows and
    columns add up."""
    arrays = _arrays(call)
    if arrays is None:
        return UNKNOWN
    dtype = None
    rows: D.Dim = 0
    cols: D.Dim = 0
    for i, a in enumerate(arrays):
        dims = a.shape.dims
        dtype = a.dtype if i == 0 else promote(dtype, a.dtype)
        if dims is None:
            return Array(UNKNOWN_SHAPE, dtype)
        if len(dims) > 2:
            ctx.fail("SC107", f"{ctx.op}: Input tensors must have 2 or fewer dimensions. Input {i} has {len(dims)} "
                              f"dimensions")
            return UNKNOWN
        r, c = dims if len(dims) == 2 else (1, dims[0]) if dims else (1, 1)
        rows, cols = D.add(rows, r), D.add(cols, c)
    return Array(Shape((rows, cols)), dtype)


def cartesian_prod(ctx: OpContext, call: Call) -> Value:
    """1-D tensors of n1, n2, ... -> (n1 * n2 * ..., k); one tensor is returned as it is."""
    arrays = _arrays(call)
    if not arrays:
        return UNKNOWN
    if any(a.shape.dims is not None and len(a.shape.dims) != 1 for a in arrays):
        ctx.fail("SC107", f"{ctx.op}: Expect a 1D vector for every input, not {', '.join(ctx.show_shape(a.shape) for a in arrays)}")
        return UNKNOWN
    if len(arrays) == 1:
        return arrays[0]
    if any(a.shape.dims is None for a in arrays):
        return Array(UNKNOWN_SHAPE, arrays[0].dtype)
    return Array(Shape((reduce(D.mul, [a.shape.dims[0] for a in arrays]), len(arrays))), arrays[0].dtype)


def combinations(ctx: OpContext, call: Call) -> Value:
    """A 1-D tensor of n -> (C(n, r), r) (C(n + r - 1, r) with replacement); r = 0 gives (0,)."""
    b = call.bind(("input", "r", "with_replacement"))
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    r = const_int(b["r"]) if "r" in b else 2
    replace = b["with_replacement"].value if "with_replacement" in b else Bool(False)
    dims = x.shape.dims
    if dims is not None and len(dims) != 1:
        ctx.fail("SC107", f"{ctx.op}: Expect a 1D vector, but got shape {ctx.show_shape(x.shape)}")
        return UNKNOWN
    if dims is None or r is None or type(replace) is not Bool or replace.value is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if r < 0:
        ctx.fail("SC107", f"{ctx.op}: Expect a non-negative number, but got {r}")
        return UNKNOWN
    if r == 0:
        return Array(Shape((0,)), x.dtype)
    n = D.add(dims[0], r - 1) if replace.value else dims[0]
    if isinstance(n, int):
        count: D.Dim = math.comb(n, r)
    elif r <= 3:   # n (n-1) ... (n-r+1) / r!, exact: a product of r consecutive ints divides by r!
        count = D.floordiv(reduce(D.mul, [D.sub(n, i) for i in range(r)]), math.factorial(r))
    else:
        count = ctx.fresh("c")
    return Array(Shape((count, r)), x.dtype)
