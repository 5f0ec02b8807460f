"""A NumPy simulation of a mesh: an array split into per-device pieces, and the collectives run on
them. The oracle for :mod:`.plan`: running a plan's steps on the source pieces must give exactly the
target's pieces. It shares no layout arithmetic with the planner beyond :func:`distribute` (which
says what a layout means) and moves data only as the collectives do (JAX's ``all_gather``,
``psum_scatter``, ``all_to_all``, ``psum``; a local ``dynamic_slice``).

>>> import numpy as np
>>> from .layout import Layout, Mesh
>>> mesh = Mesh((("x", 2),))
>>> pieces = distribute(np.arange(8.0).reshape(2, 4), Layout(mesh, ((), ("x",))))
>>> pieces[(1,)].tolist()
[[2.0, 3.0], [6.0, 7.0]]
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from .layout import Axes, Layout, Mesh

Pieces = dict[tuple[int, ...], np.ndarray]   # device coordinates (one per mesh axis) -> its piece


def _sizes(mesh: Mesh) -> dict[str, int]:
    return {name: int(size) for name, size in mesh.axes}


def devices(mesh: Mesh) -> list[tuple[int, ...]]:
    return list(itertools.product(*(range(int(size)) for _, size in mesh.axes)))


def _group_index(mesh: Mesh, coords: tuple[int, ...], axes: Axes) -> int:
    """A device's position in a group of axes, major to minor (mixed radix)."""
    sizes, where = _sizes(mesh), dict(zip(mesh.names, coords))
    index = 0
    for a in axes:
        index = index * sizes[a] + where[a]
    return index


def _peers(mesh: Mesh, coords: tuple[int, ...], axes: Axes) -> list[tuple[int, ...]]:
    """The devices that differ from ``coords`` only along ``axes``, in group order."""
    sizes, names = _sizes(mesh), mesh.names
    out = []
    for combo in itertools.product(*(range(sizes[a]) for a in axes)):
        where = dict(zip(names, coords))
        where.update(zip(axes, combo))
        out.append(tuple(where[n] for n in names))
    return out


def distribute(array: np.ndarray, layout: Layout) -> Pieces:
    """Each device's piece of ``array`` under ``layout``. A partial sum over axes ``p`` is modelled
    by weights that differ per device and sum to 1 over each group (so only a real sum recovers it)."""
    mesh, sizes = layout.mesh, _sizes(layout.mesh)
    out: Pieces = {}
    for coords in devices(mesh):
        index = []
        for d, axes in enumerate(layout.dims):
            ways = math.prod(sizes[a] for a in axes)
            block = array.shape[d] // ways
            at = _group_index(mesh, coords, axes)
            index.append(slice(at * block, (at + 1) * block))
        piece = np.array(array[tuple(index)], dtype=np.float64)
        for a in layout.partial:
            n, i = sizes[a], coords[mesh.names.index(a)]
            piece = piece * ((i + 1) / (n * (n + 1) / 2))
        out[coords] = piece
    return out


def _block(mesh: Mesh, coords: tuple[int, ...], layout: Layout) -> tuple[int, ...]:
    """Which block of each dim a device holds under ``layout``."""
    return tuple(_group_index(mesh, coords, axes) for axes in layout.dims)


def permute(pieces: Pieces, before: Layout, after: Layout) -> Pieces:
    """A collective permute: each device receives the piece a device held under ``before`` that is its
    own block under ``after``, from the device at its own place along the axes neither layout splits
    (as ``jax.lax.ppermute`` with that device pairing)."""
    mesh = before.mesh
    split = {a for layout in (before, after) for axes in layout.dims for a in axes}
    fixed = [i for i, name in enumerate(mesh.names) if name not in split]   # partial and replicated axes

    def key(c: tuple[int, ...], layout: Layout) -> tuple:
        return _block(mesh, c, layout), tuple(c[i] for i in fixed)
    holder = {key(c, before): c for c in devices(mesh)}
    return {c: pieces[holder[key(c, after)]] for c in devices(mesh)}


def run_step(pieces: Pieces, mesh: Mesh, op: str, axes: Axes, dim: int | None, to_dim: int | None) -> Pieces:
    """One collective over the device group ``axes`` (its devices in group order)."""
    n = math.prod(_sizes(mesh)[a] for a in axes)
    out: Pieces = {}
    for coords, piece in pieces.items():
        peers = [pieces[p] for p in _peers(mesh, coords, axes)]
        me = _group_index(mesh, coords, axes)
        if op == "all_gather":
            out[coords] = np.concatenate(peers, axis=dim)
        elif op == "slice":
            out[coords] = np.split(piece, n, axis=dim)[me]
        elif op == "all_to_all":   # peer j sends me its chunk me along to_dim; I join them along dim
            out[coords] = np.concatenate([np.split(p, n, axis=to_dim)[me] for p in peers], axis=dim)
        elif op == "reduce_scatter":
            out[coords] = np.split(sum(peers), n, axis=dim)[me]
        elif op == "all_reduce":
            out[coords] = sum(peers)
        else:
            raise ValueError(f"unknown collective {op!r}")
    return out


def run_plan(pieces: Pieces, plan) -> Pieces:
    for step in plan.steps:
        if step.op == "permute":
            pieces = permute(pieces, step.before, step.after)
        else:
            pieces = run_step(pieces, plan.source.mesh, step.op, step.axes, step.dim, step.to_dim)
    return pieces


def same_pieces(a: Pieces, b: Pieces) -> bool:
    return a.keys() == b.keys() and all(a[k].shape == b[k].shape and np.allclose(a[k], b[k]) for k in a)
