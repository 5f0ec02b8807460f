"""Array shapes: a sequence of dims, possibly with an unknown-length middle.

``Shape(prefix, variadic, suffix)`` stands for ``(*prefix, <any number of dims>, *suffix)`` when
``variadic`` is set, and for exactly ``prefix`` otherwise. The unknown-rank shape is
``Shape((), True, ())``. Rules that need a known rank ask ``shape.dims`` (None when unknown).

A rule that can work on a known prefix or suffix locates an axis with :func:`axis_position` and
builds the result with :func:`drop_axes` / :func:`replace_axes`: an axis counted from the end that
falls in the suffix is the same dim for every rank, so what is decided there holds for every rank.
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
        """``(n, 3)``, ``(5,)``, ``()``, ``(..., 3)`` (unknown middle), ``?`` (unknown rank)."""
        if self.variadic and not self.prefix and not self.suffix:
            return "?"
        parts = [show(d, names) for d in self.prefix]
        if self.variadic:
            parts.append("...")
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


def trailing(shape: Shape) -> tuple[Dim, ...]:
    """The dims known at fixed places from the end: all of them at a known rank, else the suffix."""
    return shape.suffix if shape.variadic else shape.prefix


def axis_position(shape: Shape, axis: int) -> tuple[str, int] | None:
    """Where ``axis`` (negative: from the end) lies in a shape of unknown rank: ``("prefix", i)`` or
    ``("suffix", i)``, the same dim for every rank; None when it lies in the unknown middle.

    >>> axis_position(Shape((), True, (4, 5)), -1)
    ('suffix', 1)
    """
    if axis >= 0:
        return ("prefix", axis) if axis < len(shape.prefix) else None
    if -axis <= len(shape.suffix):
        return ("suffix", len(shape.suffix) + axis)
    return None


def replace_axes(shape: Shape, new: dict[tuple[str, int], tuple[Dim, ...]]) -> Shape:
    """``shape`` (of unknown rank) with each located axis replaced by the dims ``new`` gives it
    (``()`` drops it, ``(1,)`` keeps it as 1).

    >>> replace_axes(Shape((2,), True, (4, 5)), {("suffix", 1): ()})
    Shape(prefix=(2,), variadic=True, suffix=(4,))
    """
    def part(name: str, dims: tuple[Dim, ...]) -> tuple[Dim, ...]:
        out: list[Dim] = []
        for i, d in enumerate(dims):
            out.extend(new.get((name, i), (d,)))
        return tuple(out)

    return Shape(part("prefix", shape.prefix), True, part("suffix", shape.suffix))


def drop_axes(shape: Shape, axes: tuple[int, ...], keepdims: bool = False) -> Shape | None:
    """A reduction over ``axes`` of a shape of unknown rank (``sum(-1)`` of ``(..., 128)`` is
    ``(...)``), or None when some axis lies in the unknown middle.

    >>> drop_axes(Shape((), True, (3, 128)), (-1,))
    Shape(prefix=(), variadic=True, suffix=(3,))
    """
    places = [axis_position(shape, a) for a in axes]
    if any(p is None for p in places):
        return None
    return replace_axes(shape, {p: (1,) if keepdims else () for p in places})


def transposed(shape: Shape) -> Shape:
    """``x.T``: every dim reversed; of an unknown rank, the known ends swap places, reversed."""
    if shape.rank is not None:
        return Shape(tuple(reversed(shape.dims)))
    if shape.prefix == () and shape.suffix == ():
        return shape
    return Shape(tuple(reversed(shape.suffix)), True, tuple(reversed(shape.prefix)))


def matrix_transposed(shape: Shape) -> Shape:
    """``x.mT``: the last two dims swapped (unknown when the known suffix has fewer than two)."""
    if shape.rank is not None:
        dims = shape.dims
        return Shape(dims[:-2] + (dims[-1], dims[-2])) if len(dims) >= 2 else shape
    if len(shape.suffix) >= 2:
        s = shape.suffix
        return Shape(shape.prefix, True, s[:-2] + (s[-1], s[-2]))
    return UNKNOWN_SHAPE
