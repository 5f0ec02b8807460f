"""Meshes and layouts: where the pieces of an array live.

A :class:`Mesh` is a grid of devices with named axes (``Mesh(devices.reshape(2, 4), ("dp", "tp"))``,
``jax.make_mesh((2, 4), ("dp", "tp"))``, ``init_device_mesh("cuda", (2, 4), mesh_dim_names=("dp",
"tp"))``); an axis size is a literal or a symbolic dim. A :class:`Layout` says, per array dim, the
mesh axes it is split over (major to minor, as in a ``PartitionSpec`` entry ``("dp", "tp")``), and
the mesh axes over which each device holds only a partial sum (DTensor's ``Partial()``; what a
matmul contracting a split dim leaves, before ``psum``). A mesh axis is used at most once.

Invariants (checked by :meth:`Layout.__post_init__`):

* L1: every axis a layout names is an axis of its mesh, and names at most one role (one dim, or
  partial);
* L2: a layout's rank is fixed: ``len(dims)`` is the array's rank.

The global shape stays the array's shape; :func:`local_shape` is what one device holds, and
:func:`divisibility` the requirements that make every device's piece the same size (``shard_map``
and ``NamedSharding`` of ``jit`` arguments need them; DTensor pads uneven shards, which leaves the
ranks with different local shapes, so a following ``view`` cannot hold on every rank).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..constraints import dims as D
from ..constraints.dims import Dim
from ..constraints.predicates import Pred, eq

Axes = tuple[str, ...]


@dataclass(frozen=True)
class Mesh:
    """A device grid: ``axes`` are (name, size) pairs, major to minor.

    >>> Mesh((("dp", 2), ("tp", 4))).size("tp")
    4
    """

    axes: tuple[tuple[str, Dim], ...]

    @property
    def names(self) -> Axes:
        return tuple(name for name, _ in self.axes)

    def size(self, name: str) -> Dim:
        for axis, size in self.axes:
            if axis == name:
                return size
        raise KeyError(name)

    def devices(self) -> Dim:
        return D.product(size for _, size in self.axes)

    def group(self, names: Axes) -> Dim:
        """How many devices a split over ``names`` (or a collective over them) spans."""
        return D.product(self.size(n) for n in names)

    def sub(self, names: Axes) -> "Mesh":
        """The mesh of the named axes alone (``device_mesh["tp"]``)."""
        return Mesh(tuple((n, s) for n, s in self.axes if n in names))

    def show(self) -> str:
        return "{" + ", ".join(f"{n}: {D.show(s)}" for n, s in self.axes) + "}"


class LayoutError(ValueError):
    """A layout that no device placement has (an axis used twice, an axis not in the mesh)."""


@dataclass(frozen=True)
class Layout:
    """Per array dim, the mesh axes it is split over; and the axes it is a partial sum over.

    >>> mesh = Mesh((("dp", 2), ("tp", 4)))
    >>> Layout(mesh, (("dp",), ())).show()
    "P('dp', None)"
    """

    mesh: Mesh
    dims: tuple[Axes, ...]
    partial: Axes = ()

    def __post_init__(self) -> None:
        used = [a for axes in self.dims for a in axes] + list(self.partial)
        for a in used:   # L1
            if a not in self.mesh.names:
                raise LayoutError(f"mesh axis {a!r} is not in the mesh {self.mesh.show()}")
        if len(set(used)) != len(used):
            twice = sorted({a for a in used if used.count(a) > 1})
            raise LayoutError(f"mesh axis {twice[0]!r} is used twice in one placement")

    @property
    def sharded(self) -> bool:
        return any(self.dims) or bool(self.partial)

    def axes_of(self, dim: int) -> Axes:
        return self.dims[dim]

    def with_dims(self, dims: tuple[Axes, ...], partial: Axes | None = None) -> "Layout":
        return Layout(self.mesh, dims, self.partial if partial is None else partial)

    def show(self) -> str:
        """As a ``PartitionSpec``: ``P('dp', ('tp', 'sp'), None)``, and ``partial(tp)`` when partial."""
        parts = []
        for axes in self.dims:
            parts.append("None" if not axes else repr(axes[0]) if len(axes) == 1 else
                         "(" + ", ".join(repr(a) for a in axes) + ")")
        text = f"P({', '.join(parts)})"
        return text + (f" partial({', '.join(self.partial)})" if self.partial else "")


def replicated(mesh: Mesh, rank: int) -> Layout:
    return Layout(mesh, ((),) * rank)


def local_shape(layout: Layout, shape: tuple[Dim, ...]) -> tuple[Dim, ...]:
    """The shape of one device's piece (with :func:`divisibility` holding, every device's).

    >>> local_shape(Layout(Mesh((("tp", 4),)), ((), ("tp",))), (8, 32))
    (8, 8)
    """
    return tuple(D.floordiv(d, layout.mesh.group(axes)) if axes else d for d, axes in zip(shape, layout.dims))


@dataclass(frozen=True)
class Split:
    """A requirement of a layout: array dim ``dim`` (of size ``size``) split ``ways`` ways."""

    dim: int
    size: Dim
    axes: Axes
    ways: Dim

    @property
    def pred(self) -> Pred:
        return eq(D.mod(self.size, self.ways), 0)


def divisibility(layout: Layout, shape: tuple[Dim, ...]) -> tuple[Split, ...]:
    """Each split dim must be divisible by the product of its mesh axes' sizes."""
    return tuple(Split(i, d, axes, layout.mesh.group(axes))
                 for i, (d, axes) in enumerate(zip(shape, layout.dims)) if axes)
