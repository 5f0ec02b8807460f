"""Functions that report on an array rather than compute one: ``np.shape``, ``np.size``, ``np.ndim``."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import FALSE, TRUE
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Float, Int, List, NoneValue, Str, Tuple, Value
from .args import as_array


def shape_of(ctx: OpContext, call: Call) -> Value:
    """``np.shape(a)``: a tuple of its dims."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return UNKNOWN
    return Tuple(tuple(Int(d) for d in a.shape.dims))


def size_of(ctx: OpContext, call: Call) -> Value:
    """``np.size(a)``: the product of its dims (``np.size(a, axis)`` is not modelled)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None or len(call.args) > 1 or call.kwargs:
        return UNKNOWN
    return Int(D.product(a.shape.dims))


def ndim_of(ctx: OpContext, call: Call) -> Value:
    """``np.ndim(a)``: its rank."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    return Int(a.shape.rank)


def is_scalar(ctx: OpContext, call: Call) -> Value:
    """``np.isscalar(x)``: True of a Python number or string, False of a list, a tuple, None or an array
    of rank 1 or more; not known of a 0-d array (NumPy's scalars are, ``np.sum(x)``), of a number
    taken for one only by presumption, or of a value of unknown kind. Known, it lets ``if`` take the
    branch that runs (statsmodels 0.15.0's ``_MinimalWLS``: ``weights=1.0`` indexed ``[:, None]``
    under ``if np.isscalar(weights): ... else:``, a false SC105)."""
    v = call.args[0].value if call.args else None
    t = type(v)
    if t in (Int, Float):
        verdict = None if v.presumed else True
    elif t in (Bool, Str):
        verdict = True
    elif t in (List, Tuple, NoneValue):
        verdict = False
    elif t is Array and v.shape.rank is not None:
        verdict = False if v.shape.rank > 0 else None
    else:
        verdict = None
    return Bool(verdict, None if verdict is None else (TRUE if verdict else FALSE))
