"""Index grids: ``np.mgrid[0:3, 0:4]`` (dense, one array stacked per axis), ``np.ogrid`` (open: one
broadcastable array per axis), ``np.ix_`` (the open mesh of index sequences), ``np.indices``,
``np.fromfunction`` (the function called on the index grid), and ``ravel_multi_index``. Source: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Int, Slice, Tuple, Value
from .args import as_array, shape_arg


def _slice_length(s: Value) -> D.Dim | None:
    """How many points ``start:stop:step`` of ints gives (NumPy's mgrid, as ``arange``)."""
    if type(s) is not Slice:
        return None
    start = 0 if s.start is NONE else s.start.dim if type(s.start) is Int else None
    step = 1 if s.step is NONE else s.step.dim if type(s.step) is Int else None
    stop = s.stop.dim if type(s.stop) is Int else None
    if start is None or stop is None or type(step) is not int or step == 0:
        return None
    if type(start) is int and type(stop) is int:
        return max(0, -(-(stop - start) // step)) if step > 0 else max(0, -(-(start - stop) // -step))
    return D.floordiv(D.add(D.sub(stop, start), step - 1), step) if step > 0 else None


def _grid_lengths(ctx: OpContext, call: Call) -> list[D.Dim] | None:
    lengths = [_slice_length(a.value) for a in call.args]
    return None if not lengths or any(n is None for n in lengths) else lengths


def _grid(dense: bool):
    """``np.mgrid[...]`` (dense: the grids stacked, (k, n1, ..., nk)) or ``np.ogrid[...]`` (open: one
    broadcastable array per axis); one slice gives the 1-D range either way."""

    def rule(ctx: OpContext, call: Call) -> Value:
        lengths = _grid_lengths(ctx, call)
        if lengths is None:
            return UNKNOWN
        if len(lengths) == 1:
            return Array(Shape((lengths[0],)), "int64")
        if dense:
            return Array(Shape((len(lengths),) + tuple(lengths)), "int64")
        return Tuple(tuple(_along(len(lengths), k, n, "int64") for k, n in enumerate(lengths)))

    return rule


def _along(rank: int, axis: int, n: D.Dim, dtype: str | None) -> Array:
    return Array(Shape(tuple(n if i == axis else 1 for i in range(rank))), dtype)


def ix_(ctx: OpContext, call: Call) -> Value:
    arrays = [as_array(a.value) for a in call.args]
    if any(a is None or a.shape.dims is None or len(a.shape.dims) != 1 for a in arrays):
        if any(a is not None and a.shape.dims is not None and len(a.shape.dims) != 1 for a in arrays):
            ctx.fail("SC107", f"{ctx.op}: Cross index must be 1 dimensional")
        return UNKNOWN
    # a boolean mask stands for its True positions (``np.nonzero(mask)``): an int index as long as
    # their count (GPy's ``kuu[np.ix_(index == q, index2 == q)]`` indexed a 2-d array with two
    # 2-d boolean masks, four axes: a false SC110)
    return Tuple(tuple(_along(len(arrays), k, ctx.fresh("true") if a.dtype == "bool" else a.shape.dims[0],
                              "int64" if a.dtype in (None, "bool") else a.dtype) for k, a in enumerate(arrays)))


def indices(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("dimensions", "dtype", "sparse"))
    dims = shape_arg(ctx, b.get("dimensions")) if "dimensions" in b else None
    if dims is None:
        return UNKNOWN
    return Array(Shape((len(dims),) + tuple(dims)), "int64")


def fromfunction(ctx: OpContext, call: Call) -> Value:
    """``fromfunction(f, shape)``: f called once with one float index array per axis, each ``shape``."""
    b = call.bind(("function", "shape", "dtype"))
    dims = shape_arg(ctx, b.get("shape")) if "shape" in b else None
    if dims is None or "function" not in b:
        return UNKNOWN
    grid = [Arg(Array(Shape(tuple(dims)), "float64"), "") for _ in dims]
    return ctx.interp.call(ctx.node, b["function"].value, grid, {})


def ravel_multi_index(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("multi_index", "dims"))
    v = b["multi_index"].value if "multi_index" in b else None
    items = v.items if type(v) is Tuple else None
    arrays = [as_array(i) for i in items] if items is not None else None
    if arrays is None or any(a is None for a in arrays):
        return UNKNOWN
    shape = ctx.broadcast([(a.shape, "") for a in arrays])
    return Array(shape or UNKNOWN_SHAPE, "int64")


#: ``np.<name>[...]`` grids, run by the subscript as index_tricks' are
GRID_TRICKS = {"numpy.mgrid": _grid(dense=True), "numpy.ogrid": _grid(dense=False)}
