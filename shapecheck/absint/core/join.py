"""Joining abstract values where control flow merges (after if/else, around loops).

Two different dims join to a fresh dim. After an ``if`` the fresh dim is known to be one of the two
(``d == a or d == b``), which keeps definite errors definite; around a loop it is left free
(widening), which makes every loop's fixpoint finite.
"""

from __future__ import annotations

from typing import Callable

from ...constraints.dims import Dim
from ...constraints.predicates import Pred, disj, eq
from ...constraints.shapes import Shape
from .values import NONE, UNKNOWN, UNKNOWN_ARRAY, Array, Bool, Float, Int, List, Str, Tuple, Value, tensor_like

Fresh = Callable[[str], Dim]


class Joiner:
    """Joins values, collecting the facts that define the fresh dims it introduces."""

    def __init__(self, fresh: Fresh, widen: bool):
        self.fresh = fresh
        self.widen = widen
        self.facts: list[Pred] = []
        self._memo: dict[tuple[Dim, Dim], Dim] = {}

    def dim(self, a: Dim, b: Dim) -> Dim:
        if a == b:
            return a
        key = (a, b)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        d = self.fresh("j")
        if not self.widen:
            self.facts.append(disj((eq(d, a), eq(d, b))))
        self._memo[key] = d
        return d

    def shape(self, a: Shape, b: Shape) -> Shape | None:
        if a == b:
            return a
        if a.rank is None or b.rank is None or a.rank != b.rank:
            return None
        return Shape(tuple(self.dim(x, y) for x, y in zip(a.prefix, b.prefix)))

    def value(self, a: Value, b: Value) -> Value:
        if a is b or a == b:
            return a
        ta, tb = type(a), type(b)
        if ta is Array and tb is Array:
            shape = self.shape(a.shape, b.shape)
            dtype = a.dtype if a.dtype == b.dtype else None
            out = Array(shape, dtype) if shape is not None else Array(UNKNOWN_ARRAY.shape, dtype)
            return tensor_like(out, a) if a.tensor and b.tensor else out
        if ta is Int and tb is Int:
            return Int(self.dim(a.dim, b.dim))
        if ta is Tuple and tb is Tuple and len(a.items) == len(b.items):
            return Tuple(tuple(self.value(x, y) for x, y in zip(a.items, b.items)))
        if ta is List and tb is List:
            if a.items is not None and b.items is not None and len(a.items) == len(b.items):
                return List(tuple(self.value(x, y) for x, y in zip(a.items, b.items)))
            if a.items == ():   # an empty list adds no element
                return List(None, element_of(b))
            if b.items == ():
                return List(None, element_of(a))
            return List(None, self.value(element_of(a), element_of(b)))
        if ta is tb and ta in (Float, Str):
            return ta()
        if ta is Bool and tb is Bool:
            return Bool()
        return UNKNOWN

    def env(self, a: dict, b: dict) -> dict:
        out = dict(a)
        for key, vb in b.items():
            va = a.get(key)
            out[key] = vb if va is None else self.value(va, vb)
        return out


def element_of(v: Value) -> Value:
    """The join of every element of a list (what one iteration sees)."""
    if type(v) is List:
        if v.items is None:
            return v.element
        if not v.items:
            return UNKNOWN
        out = v.items[0]
        for item in v.items[1:]:
            if item != out:
                return _loose_join(out, item)
        return out
    return UNKNOWN


def _loose_join(a: Value, b: Value) -> Value:
    if type(a) is Array and type(b) is Array and a.shape.rank == b.shape.rank:
        return Array(UNKNOWN_ARRAY.shape, a.dtype if a.dtype == b.dtype else None)
    return UNKNOWN


def join_returns(fresh: Fresh, returns: list) -> Value:
    """The value a function returns: its ``return`` values joined (None when it has none)."""
    if not returns:
        return NONE
    joiner = Joiner(fresh, widen=True)
    out = returns[0]
    for r in returns[1:]:
        out = joiner.value(out, r)
    return out
