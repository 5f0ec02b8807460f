"""Results whose length depends on the data: NumPy's "Sorting, searching, and counting" functions
(``nonzero``, ``argwhere``, ``where(c)``, ``searchsorted``) and its set routines (``unique``,
``intersect1d``).

A data-dependent length is a fresh dim ``k``; its rank is still known (``nonzero`` of a 2-D array is a
pair of 1-D index arrays of one common length).
"""

from __future__ import annotations

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Int, Tuple, Value
from .args import as_array, bound_array, const_int, is_none, normalize_axis
from .kinds import Rule, ufunc

_WHERE3 = ufunc(3, params=("condition", "x", "y"))


def where(ctx: OpContext, call: Call) -> Value:
    """``where(c, x, y)`` broadcasts; ``where(c)`` is ``nonzero(c)``: a tuple of index arrays (jax's
    ``where(c, size=n)`` too, each of length n)."""
    if len(call.args) == 1 and not {"x", "y"} & call.kwargs.keys():
        return nonzero(ctx, call)
    return _WHERE3(ctx, call)


def _found_count(ctx: OpContext, call: Call):
    """How many a search finds: data-dependent, unless jax's ``size=n`` fixes it (padded or cut to n:
    e3nn-jax's ``jnp.where(i == unique, size=1)[0][0]``)."""
    size = call.kwargs.get("size")
    return size.value.dim if size is not None and type(size.value) is Int else ctx.fresh("k")


def nonzero(ctx: OpContext, call: Call) -> Value:
    """One index array per dim (NumPy 2 raises for 0-d input; we keep one array, as NumPy 1 did)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    k = _found_count(ctx, call)
    return Tuple(tuple(Array(Shape((k,)), "int64") for _ in range(max(a.shape.rank, 1))))


def argwhere(ctx: OpContext, call: Call) -> Value:
    """``argwhere(a)``: (k, a.ndim), one row per nonzero element."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    return Array(Shape((_found_count(ctx, call), a.shape.rank)), "int64")


def searchsorted(ctx: OpContext, call: Call) -> Value:
    """``searchsorted(a, v)``: one insertion index per element of ``v``."""
    bound = call.bind(("a", "v"))
    v = bound_array(bound, "v")
    if v is None:
        return UNKNOWN
    return Array(v.shape, "int64")


def unique_of(params: tuple[str, ...]) -> Rule:
    """``unique`` taking its arguments in the order ``params`` names them (NumPy's ``ar,
    return_index, return_inverse, return_counts, axis``; torch's ``input, sorted, return_inverse,
    return_counts, dim``): values of data-dependent length; the ``return_*`` flags, given by name or
    by position (scipy's and GPy's ``np.unique(dt, True, True)``), add results in order."""
    def unique(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        k = _found_count(ctx, call)
        values, inverse = Array(Shape((k,))), Array(UNKNOWN_SHAPE, "int64")
        if params[-1] in b and not is_none(b[params[-1]]):
            # along an axis: the distinct slices, ``k`` of them on that axis (torch's
            # ``unique_consecutive(edges, dim=0)`` of (n, 2) edges is (k, 2): physicsnemo's hinges)
            a, axis = bound_array(b, params[0]), const_int(b[params[-1]])
            if a is None or a.shape.dims is None or axis is None:
                return UNKNOWN
            dims = a.shape.dims
            axis = normalize_axis(ctx, axis, len(dims))
            values = Array(Shape(dims[:axis] + (k,) + dims[axis + 1:]), a.dtype)
            inverse = Array(Shape((dims[axis],)), "int64")
        extra = []
        for name in ("return_index", "return_inverse", "return_counts"):
            arg = b.get(name)
            if arg is not None and flag(arg.value, None) is not False:
                if flag(arg.value, None) is not True:
                    return UNKNOWN
                extra.append(Array(Shape((k,)), "int64") if name != "return_inverse" else inverse)
        return Tuple((values, *extra)) if extra else values
    return unique


unique = unique_of(("ar", "return_index", "return_inverse", "return_counts", "axis"))


def intersect1d(ctx: OpContext, call: Call) -> Value:
    """``intersect1d(ar1, ar2, assume_unique=False, return_indices=False)``: the common values, of
    data-dependent length; with ``return_indices=True`` also where each was found in ``ar1`` and in
    ``ar2`` (NumPy docs: "comm1, comm2: ndarray"), one index per common value."""
    indices = call.bind(("ar1", "ar2", "assume_unique", "return_indices")).get("return_indices")
    k = ctx.fresh("k")
    common = Array(Shape((k,)))
    if indices is None or flag(indices.value, None) is False:
        return common
    if flag(indices.value, None) is not True:
        return UNKNOWN
    return Tuple((common, Array(Shape((k,)), "int64"), Array(Shape((k,)), "int64")))


def array_api_unique(fields: tuple[str, ...]) -> Rule:
    """NumPy 2's ``unique_values``/``unique_counts``/``unique_inverse``/``unique_all(x)``: the values,
    of data-dependent length, and per field one index or count per value, or ``inverse_indices`` of
    ``x``'s shape; a named tuple of ``fields`` (a bare array for ``unique_values``)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        x = bound_array(call.bind(("x",)), "x")
        if x is None:
            return UNKNOWN
        k = ctx.fresh("k")
        parts = tuple(Array(x.shape, "int64") if name == "inverse_indices" else
                      Array(Shape((k,)), x.dtype if name == "values" else "int64") for name in fields)
        return parts[0] if len(parts) == 1 else Tuple(parts, fields=fields)

    return rule
