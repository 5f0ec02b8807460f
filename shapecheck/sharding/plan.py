"""Redistribution plans: a sequence of collectives that turns one layout of an array into another.

The moves (each over one mesh axis ``a`` of ``n`` devices; bytes are what one device receives, from
the table in ``traffic.py``):

==============  ===========================================  ==============================
move            layout change                                bytes per device
==============  ===========================================  ==============================
local slice     dim ``d`` gains ``a`` (minor)                0
all-gather      dim ``d`` loses its minor axis ``a``         (n - 1) * local bytes before
all-to-all      ``a`` moves from minor of ``d`` to ``e``     (n - 1) / n * local bytes
                (or the minor axes ``a1, a2``, together)     (n = the product of their sizes)
reduce-scatter  partial over ``a`` becomes dim ``d`` on ``a``  (n - 1) / n * local bytes before
all-reduce      partial over ``a`` becomes replicated        2 (n - 1) / n * local bytes
permute         the same blocks on other devices (a device   local bytes
                permutation: as many blocks per dim)
==============  ===========================================  ==============================

:func:`plan` is Dijkstra's shortest path over layouts with these moves as edges, bytes as weights
(ties: fewer steps), never passing through a layout whose per-device piece is larger than the larger
of the source's and the target's (the type-directed synthesis of redistributions: no excess data
moved, no device holding more than it must). Only literal shapes and mesh sizes are planned.
``simulate.py`` checks every plan on NumPy arrays split into per-device pieces.

>>> mesh = Mesh((("x", 4),))
>>> p = plan((8, 16), Layout(mesh, (("x",), ())), Layout(mesh, ((), ("x",))), itemsize=4)
>>> [(s.op, s.axes) for s in p.steps], p.bytes
([('all_to_all', ('x',))], 96)
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from ..constraints import dims as D
from .layout import Axes, Layout, Mesh, local_shape
from .traffic import TRAFFIC


class PlanError(ValueError):
    """No plan exists (a symbolic size, an uneven split, a partial sum the target would create)."""


@dataclass(frozen=True)
class Step:
    """One collective (or local slice) over the mesh axes ``axes`` (one, but for an all-to-all that
    moves several minor axes of a dim at once, keeping their order): ``dim`` is the array dim it
    gathers, slices, or scatters onto; ``to_dim`` is where an all-to-all moves the split."""

    op: str
    axes: Axes
    dim: int | None
    to_dim: int | None
    bytes: int
    before: Layout
    after: Layout

    def show(self) -> str:
        where = {"all_gather": f"gather dim {self.dim}", "slice": f"split dim {self.dim}",
                 "all_to_all": f"dim {self.dim} -> dim {self.to_dim}", "reduce_scatter": f"scatter onto dim {self.dim}",
                 "all_reduce": "sum", "permute": "device permutation"}[self.op]
        over = repr(self.axes[0]) if len(self.axes) == 1 else "(" + ", ".join(map(repr, self.axes)) + ")"
        return (f"{self.op:<14} over {over} ({where}): {self.before.show()} -> {self.after.show()}, "
                f"{self.bytes} bytes per device")


@dataclass(frozen=True)
class Plan:
    shape: tuple[int, ...]
    source: Layout
    target: Layout
    steps: tuple[Step, ...]
    itemsize: int
    peak: int   # the largest per-device piece along the way, in bytes

    @property
    def bytes(self) -> int:
        return sum(s.bytes for s in self.steps)

    def show(self) -> str:
        head = (f"{self.source.show()} -> {self.target.show()} of {self.shape} on mesh {self.source.mesh.show()}: "
                f"{len(self.steps)} step{'s' * (len(self.steps) != 1)}, {self.bytes} bytes per device, "
                f"peak piece {self.peak} bytes")
        return "\n".join([head] + [f"  {i}. {s.show()}" for i, s in enumerate(self.steps, 1)])


def _ints(mesh: Mesh, shape: tuple) -> tuple[dict[str, int], tuple[int, ...]]:
    sizes = {n: D.const_value(s) for n, s in mesh.axes}
    dims = tuple(D.const_value(d) for d in shape)
    if any(v is None for v in sizes.values()) or any(v is None for v in dims):
        raise PlanError("a plan needs literal array and mesh sizes")
    return sizes, dims


def piece_elements(layout: Layout, shape: tuple[int, ...]) -> int:
    return math.prod(local_shape(layout, shape))


def _even(layout: Layout, shape: tuple[int, ...], sizes: dict[str, int]) -> bool:
    return all(d % math.prod(sizes[a] for a in axes) == 0 for d, axes in zip(shape, layout.dims))


def _moves(layout: Layout, shape: tuple[int, ...], sizes: dict[str, int], itemsize: int):
    """Every single move from ``layout``, as (op, axis, dim, to_dim, bytes, after)."""
    local = local_shape(layout, shape)
    piece = math.prod(local) * itemsize
    dims = layout.dims
    used = {a for axes in dims for a in axes} | set(layout.partial)

    def put(d: int, axes: Axes) -> tuple[Axes, ...]:
        return dims[:d] + (axes,) + dims[d + 1:]

    for d, axes in enumerate(dims):
        if axes:
            a = axes[-1]
            n = sizes[a]
            yield "all_gather", (a,), d, None, TRAFFIC["all_gather"](piece, n), layout.with_dims(put(d, axes[:-1]))
            for k in range(1, len(axes) + 1):   # the minor k axes move together, keeping their order
                group, n = axes[-k:], math.prod(sizes[g] for g in axes[-k:])
                for e in range(len(dims)):
                    if e != d and local[e] % n == 0:
                        moved = put(d, axes[:-k])
                        moved = moved[:e] + (moved[e] + group,) + moved[e + 1:]
                        yield "all_to_all", group, d, e, TRAFFIC["all_to_all"](piece, n), layout.with_dims(moved)
    for a in layout.mesh.names:
        n = sizes[a]
        if a in used:
            continue
        for d in range(len(dims)):
            if local[d] % n == 0:
                yield "slice", (a,), d, None, TRAFFIC["slice"](piece, n), layout.with_dims(put(d, dims[d] + (a,)))
    for a in layout.partial:
        n = sizes[a]
        rest = tuple(p for p in layout.partial if p != a)
        for d in range(len(dims)):
            if local[d] % n == 0:
                yield "reduce_scatter", (a,), d, None, TRAFFIC["reduce_scatter"](piece, n), \
                    layout.with_dims(put(d, dims[d] + (a,)), rest)
        yield "all_reduce", (a,), None, None, TRAFFIC["all_reduce"](piece, n), layout.with_dims(dims, rest)


def _permutation(layout: Layout, target: Layout, shape: tuple[int, ...], sizes: dict[str, int], itemsize: int):
    """A device permutation straight to ``target`` when it cuts every dim into as many blocks as
    ``layout`` does (only which device holds which block differs: ``P(('a', 'b'))`` to ``P(('b', 'a'))``,
    ``P('a', 'b')`` to ``P('b', 'a')`` on a square mesh): one collective permute, each device receiving
    at most one piece. None otherwise."""
    if layout == target or layout.partial != target.partial:
        return None
    blocks = [math.prod(sizes[a] for a in axes) for axes in layout.dims]
    if blocks != [math.prod(sizes[a] for a in axes) for axes in target.dims]:
        return None
    moved = tuple(a for a in layout.mesh.names
                  if any((a in x) != (a in y) or (a in x and x.index(a) != y.index(a))
                         for x, y in zip(layout.dims, target.dims)))
    piece = math.prod(local_shape(layout, shape)) * itemsize
    return "permute", moved, None, None, TRAFFIC["permute"](piece, math.prod(sizes[a] for a in moved)), target


def plan(shape: tuple, source: Layout, target: Layout, itemsize: int = 4) -> Plan:
    """The cheapest sequence of moves from ``source`` to ``target`` (see the module docstring)."""
    if source.mesh != target.mesh:
        raise PlanError(f"source and target are on different meshes ({source.mesh.show()}, {target.mesh.show()})")
    if len(source.dims) != len(shape) or len(target.dims) != len(shape):
        raise PlanError(f"a layout's rank is not the array's rank {len(shape)}")
    sizes, ints = _ints(source.mesh, shape)
    for name, layout in (("source", source), ("target", target)):
        if not _even(layout, ints, sizes):
            raise PlanError(f"the {name} layout {layout.show()} does not split {ints} evenly")
    if not set(target.partial) <= set(source.partial):
        raise PlanError(f"the target {target.show()} is a partial sum the source is not: no collective makes one")
    bound = max(piece_elements(source, ints), piece_elements(target, ints)) * itemsize
    best: dict[Layout, tuple[int, int]] = {source: (0, 0)}
    queue: list = [(0, 0, 0, source, ())]
    tie = 0
    while queue:
        cost, count, _, layout, steps = heapq.heappop(queue)
        if layout == target:
            peak = max([piece_elements(source, ints) * itemsize]
                       + [piece_elements(s.after, ints) * itemsize for s in steps])
            return Plan(ints, source, target, steps, itemsize, peak)
        if best.get(layout, (cost, count)) < (cost, count):
            continue
        permutation = _permutation(layout, target, ints, sizes, itemsize)
        for op, axes, dim, to_dim, moved, after in list(_moves(layout, ints, sizes, itemsize)) + \
                ([permutation] if permutation is not None else []):
            if piece_elements(after, ints) * itemsize > bound:
                continue
            key = (cost + moved, count + 1)
            if key < best.get(after, (math.inf, math.inf)):
                best[after] = key
                tie += 1
                step = Step(op, axes, dim, to_dim, moved, layout, after)
                heapq.heappush(queue, (key[0], key[1], tie, after, steps + (step,)))
    raise PlanError(f"no plan from {source.show()} to {target.show()} keeps every device's piece within "
                    f"{bound} bytes")
