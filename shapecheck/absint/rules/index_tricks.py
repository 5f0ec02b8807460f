"""NumPy's index tricks that build arrays: ``np.r_[a, b]`` joins along the first axis (a number is
one entry, a 1-D array stays 1-D) and ``np.c_[a, b]`` along the last, 1-D arrays becoming columns.
A directive string or a slice (``np.r_['0,2', ...]``, ``np.r_[0:5]``) is not modelled: unknown.
Source: the NumPy reference, numpy.r_ and numpy.c_."""

from __future__ import annotations

from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Float, Int, List, Tuple, Value
from .args import as_array
from .grids import GRID_TRICKS
from .manipulation import concatenate_arrays


def _operands(call: Call) -> list[Array] | None:
    out = []
    for arg in call.args:
        # a sequence is an array of its items (``np.r_[(0.2, 0.6), 1.0]`` is (3,))
        a = as_array(arg.value) if type(arg.value) in (Array, Int, Float, Tuple, List) else None
        if a is None:
            return None
        out.append(a)
    return out or None


def row_join(ctx: OpContext, call: Call) -> Value:
    arrays = _operands(call)
    if arrays is None:
        return UNKNOWN
    shaped = [(Array(Shape((1,)), a.dtype) if a.shape.dims == () else a, arg.text) for a, arg in zip(arrays, call.args)]
    return concatenate_arrays(ctx, shaped, Arg(Int(0), "0"))


def column_join(ctx: OpContext, call: Call) -> Value:
    arrays = _operands(call)
    if arrays is None or any(a.shape.dims is None or not a.shape.dims for a in arrays):
        return UNKNOWN
    shaped = [(Array(Shape(a.shape.dims + (1,)), a.dtype) if len(a.shape.dims) == 1 else a, arg.text)
              for a, arg in zip(arrays, call.args)]
    return concatenate_arrays(ctx, shaped, Arg(Int(-1), "-1"))


#: ``np.<name>[...]``: the rule its subscript runs, with the index's items as arguments
INDEX_TRICKS = {"numpy.r_": row_join, "numpy.c_": column_join, **GRID_TRICKS}
