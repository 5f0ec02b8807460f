"""A binary ufunc's methods (``np.add.outer``, ``np.maximum.reduce``, ``np.add.accumulate``,
``np.add.reduceat``, ``np.add.at``), one table row each per ufunc. ``reduce`` and ``accumulate`` run
along ``axis=0`` by default (not over every axis as ``np.sum`` does); ``outer`` gives a.shape +
b.shape; ``reduceat`` keeps the array's shape but for ``len(indices)`` along the axis.
Source: the NumPy reference, numpy.ufunc.reduce / accumulate / outer / reduceat / at."""

from __future__ import annotations

from functools import lru_cache

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Int, Value
from .args import bound_array, normalize_axis, promote
from .kinds import Rule, reduction, scan

_AXIS_0 = Arg(Int(0), "0")


def _reduce(kind: str | None) -> Rule:
    inner = reduction(kind)

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("array", "axis", "dtype", "out", "keepdims"))
        if "array" not in b:
            return UNKNOWN
        kwargs = {k: b[k] for k in ("keepdims", "dtype") if k in b}
        return inner(ctx, Call(call.name, [b["array"], b.get("axis", _AXIS_0)], kwargs))
    return rule


def _accumulate(kind: str | None) -> Rule:
    inner = scan(dtype=kind)

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("array", "axis", "dtype"))
        if "array" not in b:
            return UNKNOWN
        return inner(ctx, Call(call.name, [b["array"], b.get("axis", _AXIS_0)], {k: b[k] for k in ("dtype",) if k in b}))
    return rule


def _outer(kind: str | None) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("A", "B"))
        a, c = bound_array(b, "A"), bound_array(b, "B")
        if a is None or c is None:
            return UNKNOWN
        dtype = "bool" if kind == "bool" else promote(a.dtype, c.dtype)
        if a.shape.dims is None or c.shape.dims is None:
            return Array(UNKNOWN_SHAPE, dtype)
        return Array(Shape(a.shape.dims + c.shape.dims), dtype)
    return rule


def _reduceat(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("array", "indices", "axis"))
    a, idx = bound_array(b, "array"), bound_array(b, "indices")
    if a is None or idx is None:
        return UNKNOWN
    if a.shape.dims is None or idx.shape.dims is None or len(idx.shape.dims) != 1 or not a.shape.dims:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis_arg = b.get("axis", _AXIS_0)
    axis = axis_arg.value.dim if type(axis_arg.value) is Int and type(axis_arg.value.dim) is int else None
    if axis is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis = normalize_axis(ctx, axis, len(a.shape.dims))
    dims = list(a.shape.dims)
    dims[axis] = idx.shape.dims[0]
    return Array(Shape(tuple(dims)), a.dtype)


def _at(ctx: OpContext, call: Call) -> Value:
    return NONE   # in place: ``np.add.at(counts, idx, 1)``


_METHODS = {"reduce": _reduce, "accumulate": _accumulate, "outer": _outer}
_PLAIN = {"reduceat": _reduceat, "at": _at}


def method_rule(qualname: str, kinds: dict[str, str | None]) -> Rule | None:
    """The rule of ``numpy.<ufunc>.<method>`` for a binary ufunc of ``kinds`` (its name -> its result
    dtype kind: None for the operands' own, "bool"); add/multiply reduce small ints widened."""
    lib, _, rest = qualname.partition(".")
    name, _, method = rest.partition(".")
    if lib != "numpy" or name not in kinds or "." in method:
        return None
    if method in _PLAIN:
        return _PLAIN[method]
    make = _METHODS.get(method)
    if make is None:
        return None
    return _made(make, "accumulate" if name in ("add", "multiply") and method != "outer" else kinds[name])


@lru_cache(maxsize=None)
def _made(make, kind: str | None) -> Rule:
    """One rule per method and dtype kind, made once (the lookup runs at every call of a method)."""
    return make(kind)
