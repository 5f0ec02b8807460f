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

from dataclasses import dataclass, replace
from typing import Callable, Mapping

from .dims import Dim, show


@dataclass(frozen=True, slots=True)
class Middle:
    """The unknown dims of parameter ``name`` of the function ``scope`` names (the identity of a middle),
    without its first ``skip`` and its last ``drop`` dims (``nn.Linear`` of ``(*x)`` is
    ``(*x[:-1], out)``; ``x[:, 0]`` is ``(l, *x[2:])``)."""

    name: str
    scope: str
    drop: int = 0
    skip: int = 0

    def show(self) -> str:
        if not self.drop and not self.skip:
            return f"*{self.name}"
        return f"*{self.name}[{self.skip or ''}:{-self.drop if self.drop else ''}]"

    def without_last(self) -> "Middle":
        return replace(self, drop=self.drop + 1)

    def without_first(self) -> "Middle":
        return replace(self, skip=self.skip + 1)

    @property
    def cut(self) -> int:
        """How many of the parameter's dims are not in the middle (its rank is at least this)."""
        return self.skip + self.drop


#: ``dim_of(middle, index)``: the dim that stands for the dim at ``index`` of the parameter a middle
#: belongs to (from its start, or from its end when negative), where an op takes it off the middle.
#: The same parameter's dim is one dim wherever a run takes it off (``OpContext.middle_dim``).
MiddleDim = Callable[[Middle, int], Dim]


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

#: the most dims an array has (NumPy 2's NPY_MAXDIMS; torch and JAX stay below it too): a parameter's
#: middle never stands for more
MAX_RANK = 64


def known(*dims: Dim) -> Shape:
    return Shape(tuple(dims))


def shape_of(dims) -> Shape:
    return Shape(tuple(dims))


def align_middles(shapes: list[Shape], fresh: Callable[[str], Dim], dim_of: MiddleDim | None = None) -> list[Shape]:
    """Shapes over one parameter's middle with different ends cut off (``(*x)`` and
    ``(*x[:-1], d)``, as a residual ``x + layer(x)`` gives; ``(*x)`` and ``(l, 1, *x[2:])``, as
    ``x - x.mean(1, keepdim=True)`` gives) written over the same cut: the dims cut off become dims
    of the prefix and suffix, ``(*x[:-1], e)``, so they line up (``dim_of``'s, else fresh ones).
    Only when one of them already cuts that many dims from both ends (so x surely has them)."""
    named = [s for s in shapes if s.variadic and s.middle is not None]
    if len(named) < 2:
        return shapes
    first = named[0].middle
    if any((s.middle.name, s.middle.scope) != (first.name, first.scope) for s in named):
        return shapes
    skip = max(s.middle.skip for s in named)
    drop = max(s.middle.drop for s in named)
    if max(s.middle.cut for s in named) < skip + drop:
        return shapes
    target = replace(first, skip=skip, drop=drop)
    dim_of = dim_of or (lambda middle, index: fresh("d"))
    out = []
    for s in shapes:
        if s.variadic and s.middle is not None and s.middle != target:
            head = tuple(dim_of(target, i) for i in range(s.middle.skip, skip))
            tail = tuple(dim_of(target, -i) for i in range(drop, s.middle.drop, -1))
            s = Shape(s.prefix + head, True, tail + s.suffix, target)
        out.append(s)
    return out


def rank_known(shape: Shape) -> bool:
    """A known rank, or one known relative to a parameter's (``(*x, 128)``): what ``--statistics``
    counts as known, since the shape is exact for every rank of ``x``."""
    return not shape.variadic or shape.middle is not None


def split_last(shape: Shape, count: int, dim_of: MiddleDim) -> tuple[Shape, tuple, bool] | None:
    """``shape`` as (the dims before its last ``count``, those ``count`` dims, whether they were made
    up): at a known rank its own; at an unknown rank its known suffix's, or taken off the end of a
    parameter's middle (``(*x)`` -> ``(*x[:-2])`` and x's last two dims), so an op on the last dims
    keeps the result as rank-exact as x. None when the shape has fewer or is no such shape. The
    dims before are a shape to extend with :func:`extended`."""
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
    need = count - len(shape.suffix)
    if need > MAX_RANK:
        return None
    made = tuple(dim_of(shape.middle, -(shape.middle.drop + need - i)) for i in range(need))
    return Shape((), True, (), replace(shape.middle, drop=shape.middle.drop + need)), made + shape.suffix, True


def extended(head: Shape, dims: tuple[Dim, ...]) -> Shape:
    """``head`` (from :func:`split_last`) followed by ``dims``."""
    if not head.variadic:
        return Shape(head.prefix + tuple(dims))
    return Shape(head.prefix, True, head.suffix + tuple(dims), head.middle)


def split_first(shape: Shape, count: int, dim_of: MiddleDim) -> tuple[tuple, Shape, bool] | None:
    """``shape`` as (its first ``count`` dims, the dims after them, whether the first were made
    up), the mirror of :func:`split_last`: at an unknown rank the known prefix's, or taken off the
    front of a parameter's middle (``(*x)`` -> x's first two dims and ``(*x[2:])``), so an op on a
    leading axis (``x.mean(1)``, ``x[:, 0]``) keeps the result as rank-exact as x. None when the
    shape has fewer, or a known suffix (the middle may be empty, and the axis in the suffix).

    >>> split_first(Shape((), True, (), Middle("x", "f")), 1, lambda m, i: f"{m.name}[{i}]")
    (('x[0]',), Shape(prefix=(), variadic=True, suffix=(), middle=Middle(name='x', scope='f', drop=0, skip=1)), True)
    """
    if not shape.variadic:
        if len(shape.prefix) < count:
            return None
        return shape.prefix[:count], Shape(shape.prefix[count:]), False
    if len(shape.prefix) >= count:
        return shape.prefix[:count], Shape(shape.prefix[count:], True, shape.suffix, shape.middle), False
    if shape.suffix or shape.middle is None:
        return None
    need = count - len(shape.prefix)
    if need > MAX_RANK:   # no array has the axis (``x.mean(dim=10**100)``): nothing to make up
        return None
    made = tuple(dim_of(shape.middle, shape.middle.skip + i) for i in range(need))
    return shape.prefix + made, Shape((), True, (), replace(shape.middle, skip=shape.middle.skip + need)), True


def prepended(dims: tuple[Dim, ...], rest: Shape) -> Shape:
    """``dims`` followed by ``rest`` (from :func:`split_first`)."""
    return Shape(tuple(dims) + rest.prefix, rest.variadic, rest.suffix, rest.middle)


def exposing(shape: Shape, axes: tuple[int, ...], dim_of: MiddleDim) -> Shape:
    """``shape`` with each of ``axes`` in its known prefix or suffix where a parameter's middle can
    give it (``(*x)`` and axis 1: ``(l, l, *x[2:])``; axis -1: ``(*x[:-1], l)``), for an op that
    needs the axes to exist; else as far as it can (of a known rank, or no such middle: itself)."""
    for axis in axes:
        if not shape.variadic or axis_position(shape, axis) is not None:
            continue
        if axis >= 0:
            split = split_first(shape, axis + 1, dim_of)
            shape = shape if split is None else prepended(split[0], split[1])
        else:
            split = split_last(shape, -axis, dim_of)
            shape = shape if split is None else extended(split[0], split[1])
    return shape


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
