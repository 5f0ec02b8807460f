"""Array shapes: a sequence of dims, possibly with an unknown-length middle.

``Shape(prefix, variadic, suffix)`` stands for ``(*prefix, <any number of dims>, *suffix)`` when
``variadic`` is set, and for exactly ``prefix`` otherwise. The unknown-rank shape is
``Shape((), True, ())``. Rules that need a known rank ask ``shape.dims`` (None when unknown).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .dims import Dim, show


@dataclass(frozen=True, slots=True)
class Shape:
    prefix: tuple[Dim, ...] = ()
    variadic: bool = False
    suffix: tuple[Dim, ...] = ()

    @property
    def dims(self) -> tuple[Dim, ...] | None:
        """The dims when the rank is known, else None."""
        return None if self.variadic else self.prefix

    @property
    def rank(self) -> int | None:
        return None if self.variadic else len(self.prefix)

    @property
    def min_rank(self) -> int:
        return len(self.prefix) + len(self.suffix)

    def show(self, names: Mapping[str, str] | None = None) -> str:
        """``(n, 3)``, ``(5,)``, ``()``, ``(*, 3)`` (unknown middle), ``?`` (unknown rank)."""
        if self.variadic and not self.prefix and not self.suffix:
            return "?"
        parts = [show(d, names) for d in self.prefix]
        if self.variadic:
            parts.append("*")
            parts += [show(d, names) for d in self.suffix]
        if len(parts) == 1 and not self.variadic:
            return f"({parts[0]},)"
        return "(" + ", ".join(parts) + ")"

    def to_json(self, names: Mapping[str, str] | None = None) -> tuple[int | str, ...] | None:
        if self.variadic:
            return None
        return tuple(d if type(d) is int else show(d, names) for d in self.prefix)


UNKNOWN_SHAPE = Shape((), True, ())


def known(*dims: Dim) -> Shape:
    return Shape(tuple(dims))


def shape_of(dims) -> Shape:
    return Shape(tuple(dims))
