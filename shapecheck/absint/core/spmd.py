"""Abstract values of the SPMD APIs: a device mesh, a placement written with JAX's or DTensor's
names, a tensor-parallel style, a ``shard_map``-ped function. An array's own placement is
``Array.layout`` (:class:`shapecheck.sharding.layout.Layout`); these are the objects code builds to say
what that layout is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...sharding.layout import Axes, Mesh
from .values import Value


@dataclass(frozen=True, slots=True)
class MeshValue(Value):
    """``jax.make_mesh(...)``, ``Mesh(devices, names)``, ``init_device_mesh(...)``, ``mesh["tp"]``."""

    mesh: Mesh


@dataclass(frozen=True, slots=True)
class SpecValue(Value):
    """``PartitionSpec("dp", None)``: per leading dim, the mesh axes it is split over (the dims past
    its length are replicated). ``P.UNCONSTRAINED`` entries are not modelled (the spec is unknown)."""

    dims: tuple[Axes, ...]


@dataclass(frozen=True, slots=True)
class ShardingValue(Value):
    """``NamedSharding(mesh, spec)``."""

    mesh: Mesh
    spec: SpecValue


@dataclass(frozen=True, slots=True)
class PlacementValue(Value):
    """DTensor's ``Shard(dim)``, ``Replicate()``, ``Partial()`` (one per mesh dim)."""

    kind: str            # "shard" | "replicate" | "partial"
    dim: int | None = None


@dataclass(frozen=True, slots=True)
class StyleValue(Value):
    """A tensor-parallel style (``ColwiseParallel(...)``) with its keyword arguments."""

    kind: str            # "colwise" | "rowwise" | "sequence" | "prepare_input" | "prepare_output"
    params: tuple[tuple[str, Value], ...] = ()

    def param(self, name: str) -> Value | None:
        return next((v for k, v in self.params if k == name), None)


@dataclass(frozen=True, slots=True, eq=False)
class SpmdFunction(Value):
    """``shard_map(f, mesh=..., in_specs=..., out_specs=...)``: calling it runs ``f`` on local pieces."""

    function: Value
    mesh: Mesh
    in_specs: Value
    out_specs: Value


@dataclass(frozen=True, slots=True, eq=False)
class ParallelLayer(Value):
    """An ``nn`` layer after ``parallelize_module``: its weights split over ``mesh`` by ``style``."""

    layer: Value
    style: StyleValue
    mesh: Mesh


@dataclass(frozen=True, slots=True, eq=False)
class ShardedLayer(Value):
    """An ``nn`` layer after FSDP2's ``fully_shard``: each parameter split on dim 0 over ``mesh``, and
    all-gathered before forward (so calling it is calling ``layer``)."""

    layer: Value          # a TorchModule, or a ParallelLayer (FSDP over tensor parallelism: 2-D)
    mesh: Mesh


@dataclass(frozen=True, slots=True, eq=False)
class PreparedModule(Value):
    """A submodule after ``parallelize_module`` with ``SequenceParallel``, ``PrepareModuleInput`` or
    ``PrepareModuleOutput``: its inputs or outputs laid out anew around its own forward."""

    module: Value
    style: StyleValue
    mesh: Mesh
