"""Array shapes: a sequence of dims, possibly with an unknown-length middle.

``Shape(prefix, variadic, suffix)`` stands for ``(*prefix, <any number of dims>, *suffix)`` when
``variadic`` is set, and for exactly ``prefix`` otherwise. The unknown-rank shape is
``Shape((), True, ())``. Rules that need a known rank ask ``shape.dims`` (None when unknown).

A rule that can work on a known prefix or suffix locates an axis with :func:`axis_position` and
builds the result with :func:`drop_axes` / :func:`replace_axes`: an axis counted from the end that
falls in the suffix is the same dim for every rank, so what is decided there holds for every rank.

A middle may have a name (:class:`Middle`): the dims of a function's parameter whose rank nothing
fixes. ``(*x, 128)`` is "x's shape with 128 appended" for every rank of ``x``; two shapes with the
same named middle have the same dims there, so ``gelu(x)`` is exactly ``(*x)`` and adds to ``x``
without a question. Rules that keep the middle keep the name; the others leave it anonymous
(``(..., 128)``), which is always sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from .dims import Dim, show


@dataclass(frozen=True, slots=True)
class Middle:
    """The unknown dims of parameter ``name`` of function ``scope`` (the identity of a middle),
    without its last ``drop`` dims (``nn.Linear`` of ``(*x)`` is ``(*x[:-1], out)``)."""

    name: str
    scope: str
    drop: int = 0

    def show(self) -> str:
        return f"*{self.name}" if not self.drop else f"*{self.name}[:-{self.drop}]"

    def without_last(self) -> "Middle":
        return Middle(self.name, self.scope, self.drop + 1)


@dataclass(frozen=True, slots=True)
class Shape:
    prefix: tuple[Dim, ...] = ()
    variadic: bool = False
    suffix: tuple[Dim, ...] = ()
    middle: Middle | None = None   # set only with ``variadic``: whose dims the middle is

    def __repr__(self) -> str:
        named = "" if self.middle is None else f", middle={self.middle!r}"
        return f"Shape(prefix={self.prefix!r}, variadic={self.variadic!r}, suffix={self.suffix!r}{named})"

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
        """``(n, 3)``, ``(5,)``, ``()``, ``(..., 3)`` (unknown middle), ``(*x, 3)`` (x's dims, then 3),
        ``?`` (unknown rank)."""
        if self.variadic and not self.prefix and not self.suffix and self.middle is None:
            return "?"
        parts = [show(d, names) for d in self.prefix]
        if self.variadic:
            parts.append("..." if self.middle is None else self.middle.show())
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


def align_middles(shapes: list[Shape], fresh: Callable[[str], Dim]) -> list[Shape]:
    """Shapes over one parameter's middle with different last dims cut off (``(*x)`` and
    ``(*x[:-1], d)``, as a residual ``x + layer(x)`` gives) written over the same cut: the dims
    cut off become fresh (unknown) dims of the suffix, ``(*x[:-1], e)``, so they line up."""
    named = [s for s in shapes if s.variadic and s.middle is not None and not s.prefix]
    if len(named) < 2:
        return shapes
    first = named[0].middle
    if any((s.middle.name, s.middle.scope) != (first.name, first.scope) for s in named):
        return shapes
    top = max(s.middle.drop for s in named)
    out = []
    for s in shapes:
        if s.variadic and s.middle is not None and not s.prefix and s.middle.drop < top:
            exposed = tuple(fresh("d") for _ in range(top - s.middle.drop))
            s = Shape((), True, exposed + s.suffix, Middle(first.name, first.scope, top))
        out.append(s)
    return out


def rank_known(shape: Shape) -> bool:
    """A known rank, or one known relative to a parameter's (``(*x, 128)``): what ``--statistics``
    counts as known, since the shape is exact for every rank of ``x``."""
    return not shape.variadic or shape.middle is not None


def split_last(shape: Shape, count: int, fresh: Callable[[str], Dim]) -> tuple[Shape, tuple, bool] | None:
    """``shape`` as (the dims before its last ``count``, those ``count`` dims, whether they were made
    up): at a known rank its own; at an unknown rank its known suffix's, or taken off the end of a
    parameter's middle as fresh dims (``(*x)`` -> ``(*x[:-2])`` and two new dims), so an op on the
    last dims keeps the result as rank-exact as x. None when the shape has fewer or is no such
    shape. The dims before are a shape to extend with :func:`extended`."""
    if not shape.variadic:
        if len(shape.prefix) < count:
            return None
        cut = len(shape.prefix) - count
        return Shape(shape.prefix[:cut]), shape.prefix[cut:], False
    if len(shape.suffix) >= count:
        cut = len(shape.suffix) - count
        return Shape(shape.prefix, True, shape.suffix[:cut], shape.middle), shape.suffix[cut:], False
    if shape.prefix or shape.middle is None:
        return None
    middle = shape.middle
    for _ in range(count - len(shape.suffix)):
        middle = middle.without_last()
    made = tuple(fresh("l") for _ in range(count - len(shape.suffix)))
    return Shape((), True, (), middle), made + shape.suffix, True


def extended(head: Shape, dims: tuple[Dim, ...]) -> Shape:
    """``head`` (from :func:`split_last`) followed by ``dims``."""
    if not head.variadic:
        return Shape(head.prefix + tuple(dims))
    return Shape(head.prefix, True, head.suffix + tuple(dims), head.middle)


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

    return Shape(part("prefix", shape.prefix), True, part("suffix", shape.suffix), shape.middle)


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
        return Shape(shape.prefix, True, s[:-2] + (s[-1], s[-2]), shape.middle)
    return UNKNOWN_SHAPE
