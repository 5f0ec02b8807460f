"""Functions that report on an array rather than compute one: ``np.shape``, ``np.size``, ``np.ndim``,
``np.isscalar``, ``np.iterable``, and whether its dtype is complex (``np.iscomplexobj``,
``torch.is_complex``)."""

from __future__ import annotations

from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import FALSE, TRUE
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Dict, Float, Int, List, NoneValue, Str, Tuple, Value
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
    return _by_kind(call, _SCALARS, lambda rank: False if rank > 0 else None)


def is_iterable(ctx: OpContext, call: Call) -> Value:
    """``np.iterable(x)``: whether ``iter(x)`` works. True of a list, a tuple, a dict, a string or an
    array of rank 1 or more; False of a number, None, or a 0-d array (NumPy's scalars and 0-d tensors
    refuse iteration too); not known of a number taken for one only by presumption, or of a value of
    unknown kind. scikit-learn 1.7.2's kernels read ``length_scale.shape[0]`` only where
    ``np.iterable(self.length_scale)`` (``length_scale=1.0``: a false SC105 in ``RBF.__call__``)."""
    return _by_kind(call, _ITERABLES, lambda rank: rank > 0)


#: what each predicate says of a value by its kind (absent: not known)
_SCALARS = {Int: True, Float: True, Bool: True, Str: True, List: False, Tuple: False, NoneValue: False}
_ITERABLES = {Int: False, Float: False, Bool: False, NoneValue: False, List: True, Tuple: True, Str: True,
              Dict: True}


def complex_dtype(complex_: bool) -> Callable:
    """``np.iscomplexobj(x)`` / ``torch.is_complex(x)`` (``complex_``) and ``np.isrealobj(x)``: decided
    for an array whose dtype is complex (an FFT's); not known else, as a real dtype here may be a
    complex one's (``x + 1j`` is typed as ``x`` is: a complex Python number counts as a float)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        v = call.args[0].value if call.args else None
        known = type(v) is Array and v.dtype is not None and v.dtype.startswith("complex")
        return known_bool(complex_ if known else None)

    return rule


def _by_kind(call: Call, verdicts: dict, of_rank) -> Bool:
    """A predicate of the first argument's kind (``verdicts``), or of an array's rank (``of_rank``)."""
    v = call.args[0].value if call.args else None
    t = type(v)
    if t in (Int, Float) and v.presumed:
        return known_bool(None)
    if t is Array:
        return known_bool(None if v.shape.rank is None else of_rank(v.shape.rank))
    return known_bool(verdicts.get(t))


def known_bool(verdict: bool | None) -> Bool:
    """A bool of value ``verdict`` (None: not known), with the fact it stands for, so ``if`` takes
    only the branch that runs."""
    return Bool(verdict, None if verdict is None else (TRUE if verdict else FALSE))
