"""How a layout follows an array through ops that move its dims: permutations, reductions, reshapes.

* A permutation (``transpose``, ``permute``, ``swapaxes``, ``moveaxis``, ``.T``) moves each dim's
  split with it; a partial sum stays one.
* A reduction over a split dim leaves each device the reduction of its own piece: for a sum (or a
  mean, a scaled sum) a partial sum over the dim's axes (DTensor's ``Partial()``); the result's dim
  (kept as size 1 with ``keepdims``) is whole. Other reductions (``max``, ``prod``, ``std``) are not
  sums of the pieces' results: the pieces are combined across the axes first.
* A reshape groups the input's dims with the output's dims whose products are equal (the way
  DTensor's ``view_groups`` does, ``torch/distributed/tensor/_ops/_view_ops.py``). A group's split
  survives when it is on the group's first (outermost) input dim alone and the group's first output
  dim divides by the split's device count: each device's piece is then one contiguous block of the
  group, and the same block is the first output dim's piece. Any other split in a group (an inner
  dim of a merge, a first output dim the devices do not divide) must be gathered first: DTensor's
  ``reshape`` does that (an all-gather), its ``view`` refuses (``strict_view``: "cannot be performed
  without redistribution"), XLA inserts the collective.

* An einsum gives each output letter the split its operands give that letter (they must agree
  where several have it), and leaves a partial sum over the splits of the letters it sums away
  (each device contracts its own block; matmul is ``ij,jk->ik``).

Pure: dims are :mod:`shapecheck.constraints` dims; questions about symbolic sizes go to the
``same``/``divides`` callbacks (the analyser's solver), which answer True only when it holds for
every size. ``tests/sharding/test_moves.py`` checks every rule on the NumPy mesh simulation: doing
the op on each device's piece gives the pieces of the op's result under the layout given here.

>>> from .layout import Mesh
>>> mesh = Mesh((("tp", 4),))
>>> literal = lambda a, b: a == b
>>> reshaped(Layout(mesh, (("tp",), ())), (8, 6), (2, 4, 6), literal, lambda d, n: d % n == 0)
Reshaped(layout=Layout(mesh=Mesh(axes=(('tp', 4),)), dims=((), (), ()), partial=()), gathered=(0,))
>>> reshaped(Layout(mesh, (("tp",), ())), (8, 6), (4, 2, 6), literal, lambda d, n: d % n == 0).layout.show()
"P('tp', None, None)"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..constraints import dims as D
from ..constraints.dims import Dim
from .layout import Axes, Layout, LayoutError

#: Reductions whose per-piece results sum to the whole's (up to a scale): they leave a partial sum.
SUMS = frozenset("sum nansum mean nanmean average".split())


def permuted(layout: Layout, order: Sequence[int]) -> Layout:
    """The layout of ``transpose(a, order)``: result dim ``i`` is input dim ``order[i]``."""
    return layout.with_dims(tuple(layout.dims[i] for i in order))


@dataclass(frozen=True)
class Reduced:
    """A reduction's result layout, and the split axes it combined across devices on the way
    (``gathered``: a non-sum over a split dim; empty when the result is a partial sum or local)."""

    layout: Layout
    gathered: Axes


def reduced(layout: Layout, axes: Sequence[int], keepdims: bool, kind: str) -> Reduced | None:
    """The layout after reducing ``axes`` (``kind``: the reduction's name). None: a partial sum into
    a reduction that is not a sum (its pieces must be summed first; no layout is claimed)."""
    split = tuple(a for d in sorted(axes) for a in layout.dims[d])
    summed = kind in SUMS
    if layout.partial and not summed:
        return None
    kept = tuple(() if d in axes else dims for d, dims in enumerate(layout.dims) if keepdims or d not in axes)
    if summed:
        return Reduced(layout.with_dims(kept, tuple(layout.partial) + split), ())
    return Reduced(layout.with_dims(kept), split)


@dataclass(frozen=True)
class Reshaped:
    """A reshape's result layout, and the input dims whose split was gathered first to get it."""

    layout: Layout
    gathered: tuple[int, ...]


def groups(source: Sequence[Dim], target: Sequence[Dim],
           same: Callable[[Dim, Dim], bool]) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    """Runs of input and output dims with equal products, in order (a size-1 dim is a group of its
    own, on its side alone). None when no grouping is found (symbolic sizes ``same`` cannot equate)."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    i = j = 0
    while i < len(source) or j < len(target):
        if i < len(source) and source[i] == 1:
            out.append(((i,), ()))
            i += 1
            continue
        if j < len(target) and target[j] == 1:
            out.append(((), (j,)))
            j += 1
            continue
        found = None
        for total in range(2, len(source) - i + len(target) - j + 1):   # the shortest runs first
            for p in range(i + 1, min(len(source), i + total - 1) + 1):
                q = j + total - (p - i)
                if j < q <= len(target) and same(D.product(source[i:p]), D.product(target[j:q])):
                    found = (p, q)
                    break
            if found:
                break
        if found is None:
            return None
        p, q = found
        out.append((tuple(range(i, p)), tuple(range(j, q))))
        i, j = p, q
    return out


def reshaped(layout: Layout, source: Sequence[Dim], target: Sequence[Dim], same: Callable[[Dim, Dim], bool],
             divides: Callable[[Dim, Dim], bool]) -> Reshaped | None:
    """The layout of ``a.reshape(target)`` for ``a`` of shape ``source`` (see the module docstring);
    None when the dims cannot be grouped."""
    found = groups(source, target, same)
    if found is None:
        return None
    dims: list[Axes] = [() for _ in target]
    gathered: list[int] = []
    for ins, outs in found:
        split = [d for d in ins if layout.dims[d]]
        if not split:
            continue
        first = split[0]
        if (len(split) == 1 and first == ins[0] and outs
                and (len(outs) == 1 or divides(target[outs[0]], layout.mesh.group(layout.dims[first])))):
            dims[outs[0]] = layout.dims[first]
        else:
            gathered += split
    return Reshaped(layout.with_dims(tuple(dims)), tuple(gathered))


@dataclass(frozen=True)
class Contracted:
    """An einsum's result layout (None when no placement holds it), or the first operand whose split
    of a letter disagrees with an earlier operand's, with the layout that would agree."""

    layout: Layout | None
    misaligned: tuple[int, Layout] | None = None


def contracted(inputs: Sequence[str], output: str, layouts: Sequence[Layout]) -> Contracted:
    """The layout of ``einsum("<inputs>-><output>", *operands)`` on operands laid out ``layouts``
    (one letter per dim, no ellipsis)."""
    split: dict[str, Axes] = {}
    for k, (letters, layout) in enumerate(zip(inputs, layouts)):
        for letter, axes in zip(letters, layout.dims):
            if split.setdefault(letter, axes) != axes:
                aligned = tuple(split.get(x, a) for x, a in zip(letters, layout.dims))
                try:
                    return Contracted(None, (k, layout.with_dims(aligned)))
                except LayoutError:
                    return Contracted(None)
    partial = [a for layout in layouts for a in layout.partial]
    if len([layout for layout in layouts if layout.partial]) > 1:
        return Contracted(None)   # a product of two partial sums is no partial sum
    summed = [a for letter in dict.fromkeys("".join(inputs)) if letter not in output for a in split[letter]]
    try:
        return Contracted(Layout(layouts[0].mesh, tuple(split.get(letter, ()) for letter in output),
                                 tuple(partial + summed)))
    except LayoutError:   # one mesh axis on two result dims
        return Contracted(None)
