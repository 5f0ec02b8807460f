"""Shape holes as the interpreter meets them: the symbols that stand for a ``HOLE``, the facts
pinned on them, and where they were found (solving them is the driver's: driver/holes.py).

Each evaluation of a ``HOLE`` expression makes a fresh symbol ``HOLE#N``. A requirement that
mentions one is never an error on the spot: it is *pinned* as a fact, because the hole's value is
exactly what those requirements decide (after Tensors Fitting Perfectly, OOPSLA 2020).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ...constraints.dims import Dim
from ...constraints.predicates import Pred, pred_symbols
from ...constraints.solver import Fact
from .values import Hole, LibraryObject, Value

HOLE_PREFIX = "HOLE#"


@dataclass(frozen=True, slots=True)
class PinnedFact:
    """A requirement on a hole, where it was met, and the facts in scope there."""

    fact: Fact
    interp: object           # the interpreter (its frame and module) that met it
    snapshot: tuple          # the frame's facts when it was pinned (branch conditions included)
    conflict: bool           # it contradicted the facts already known (kept out of the frame)


@dataclass(frozen=True, slots=True)
class HoleSite:
    """One evaluation of a ``HOLE``: its symbol, the interpreter that evaluated it, and the node."""

    dim: Dim
    interp: object
    node: ast.AST


@dataclass
class HoleStore:
    """Every hole of one run and every fact pinned on one, for solving after the run."""

    sites: list[HoleSite] = field(default_factory=list)
    pinned: list[PinnedFact] = field(default_factory=list)


def is_hole_symbol(name: str) -> bool:
    return name.startswith(HOLE_PREFIX)


def mentions_hole(pred: Pred) -> bool:
    return any(is_hole_symbol(name) for name in pred_symbols(pred))


def is_hole_value(value: Value) -> bool:
    return type(value) is Hole or (type(value) is LibraryObject and value.qualname == "shapecheck.HOLE")
