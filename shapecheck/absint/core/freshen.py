"""Giving a memoised call result its own unknowns.

Two calls ``f(u)`` and ``f(u)`` with the same abstract argument reuse one analysis of ``f``. Dims
the callee made up (the length of an unknown list, a data-dependent size) must still be distinct
per call: ``assert len_of(a) == 4`` must not decide ``len_of(b)``. So on reuse, every symbol of the
result that the arguments did not bring in is replaced by a fresh one.
"""

from __future__ import annotations

from typing import Callable

from ...constraints import dims as D
from ...constraints.shapes import Shape
from .values import Array, Int, List, Tuple, Value


def value_symbols(v: Value, out: set | None = None) -> set:
    out = set() if out is None else out
    t = type(v)
    if t is Array:
        for d in v.shape.prefix + v.shape.suffix:
            out |= D.free_symbols(d)
    elif t is Int:
        out |= D.free_symbols(v.dim)
    elif t in (Tuple, List):
        for item in v.items or ():
            value_symbols(item, out)
        if t is List:
            value_symbols(v.element, out)
    return out


def map_dims(v: Value, f: Callable[[D.Dim], D.Dim]) -> Value:
    t = type(v)
    if t is Array:
        s = v.shape
        shape = Shape(tuple(f(d) for d in s.prefix), s.variadic, tuple(f(d) for d in s.suffix))
        return Array(shape, v.dtype, v.values, v.tensor)
    if t is Int:
        return Int(f(v.dim))
    if t is Tuple:
        return Tuple(tuple(map_dims(i, f) for i in v.items))
    if t is List:
        items = None if v.items is None else tuple(map_dims(i, f) for i in v.items)
        return List(items, map_dims(v.element, f))
    return v


def freshen(result: Value, args: list, fresh: Callable[[str], D.Dim]) -> Value:
    """``result`` with the symbols the arguments do not mention replaced by fresh ones."""
    own = value_symbols(result)
    if not own:
        return result
    given: set = set()
    for a in args:
        value_symbols(a, given)
    mapping = {name: fresh(D.display_name(name)) for name in sorted(own - given)}
    if not mapping:
        return result
    return map_dims(result, lambda d: D.substitute(d, mapping))
