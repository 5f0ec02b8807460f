"""Reading placements the way JAX and DTensor write them, and the one check every split makes.

``PartitionSpec("dp", None)`` names, per leading array dim, the mesh axes it is split over (JAX,
"Distributed arrays and automatic parallelization"); DTensor's ``[Shard(0), Replicate()]`` names,
per mesh dim, what that mesh dim does to the tensor (``Shard(d)``: split dim ``d``; ``Partial()``: a
pending sum; DTensor docs, "DTensor placement types"). Both become one
:class:`~shapecheck.sharding.layout.Layout`. A split dim must be divisible by its mesh axes
(:func:`require_even`, SC130); a placement naming an axis the mesh lacks, an axis twice, or a dim the
array lacks is SC131.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ...sharding.layout import Axes, Layout, LayoutError, Mesh, divisibility, local_shape
from ...sharding.plan import Plan, PlanError, plan
from ...sharding.traffic import TRAFFIC
from ..core.context import OpContext
from ..core.spmd import MeshValue, PlacementValue, ShardingValue, SpecValue
from ..core.values import NONE, UNKNOWN, Array, Int, List, Str, Tuple, Value
from .args import element_texts, name_as_dim
from .costs import DEFAULT_ITEMSIZE, ITEMSIZE, nbytes
from .nn_args import dim_of


def mesh_of(v: Value | None) -> Mesh | None:
    if type(v) is MeshValue:
        return v.mesh
    if type(v) is ShardingValue:
        return v.mesh
    return None


def names_of(v: Value | None) -> Axes | None:
    """``"tp"`` or ``("dp", "tp")`` as written (a spec entry, a collective's ``axis_name``)."""
    if type(v) is Str and v.value is not None:
        return (v.value,)
    if type(v) in (Tuple, List) and v.items is not None and all(type(i) is Str and i.value for i in v.items):
        return tuple(i.value for i in v.items)
    return None


def spec_entry(v: Value) -> Axes | None:
    if v is NONE:
        return ()
    return names_of(v)


def mesh_sizes(ctx: OpContext, names: Axes, sizes: Value | None, text: str = "") -> Mesh:
    """A mesh of ``names`` with the sizes of a tuple (``(2, 4)``, ``(dp, tp)``); an unknown size is the
    dim of the name written there (``(world_size,)``), else a symbol named for its axis (``|tp|``)."""
    items = sizes.items if type(sizes) in (Tuple, List) and sizes.items is not None else None
    texts = element_texts(text, len(items)) if items is not None else [""] * len(names)
    out = []
    for i, name in enumerate(names):
        size = dim_of(items[i]) if items is not None and i < len(items) else None
        if size is None and i < len(texts):
            size = name_as_dim(ctx, texts[i])
        out.append((name, size if size is not None else ctx.fresh(f"|{name}|")))
    return Mesh(tuple(out))


def _bad(ctx: OpContext, what: str) -> None:
    ctx.fail("SC131", f"{ctx.op}: {what}")


def check_axes(ctx: OpContext, mesh: Mesh, used: list[str]) -> None:
    for a in used:
        if a not in mesh.names:
            _bad(ctx, f"mesh axis {a!r} is not an axis of the mesh {mesh.show()}")
    twice = sorted({a for a in used if used.count(a) > 1})
    if twice:
        _bad(ctx, f"mesh axis {twice[0]!r} is used twice in one placement")


def spec_layout(ctx: OpContext, mesh: Mesh, spec: SpecValue, a: Array, text: str, even: bool = True) -> Layout | None:
    """The layout ``PartitionSpec`` gives an array (checked: axes, rank, divisibility; ``even=False``
    for an array given by its pieces)."""
    dims = a.shape.dims
    if dims is None:
        return None
    if len(spec.dims) > len(dims):
        _bad(ctx, f"the PartitionSpec has {len(spec.dims)} entries but {text or 'the array'} has rank {len(dims)}")
    check_axes(ctx, mesh, [x for axes in spec.dims for x in axes])
    layout = Layout(mesh, spec.dims + ((),) * (len(dims) - len(spec.dims)))
    if even:
        require_even(ctx, layout, dims, text)
    return layout


def placements_layout(ctx: OpContext, mesh: Mesh, placements: Value, a: Array, text: str,
                      even: bool = True) -> Layout | None:
    """The layout DTensor's per-mesh-dim placements give a tensor (checked as :func:`spec_layout`;
    ``even=False`` for a tensor given by its pieces, which split evenly by construction)."""
    dims = a.shape.dims
    items = placements.items if type(placements) in (Tuple, List) else None
    if dims is None or items is None or not all(type(p) is PlacementValue for p in items):
        return None
    if len(items) != len(mesh.axes):
        _bad(ctx, f"{len(items)} placements for a mesh of {len(mesh.axes)} dims {mesh.show()}")
    split: list[Axes] = [() for _ in dims]
    partial: list[str] = []
    for (name, _), p in zip(mesh.axes, items):
        if p.kind == "shard" and p.dim is not None:
            d = p.dim + len(dims) if p.dim < 0 else p.dim
            if not 0 <= d < len(dims):
                _bad(ctx, f"Shard({p.dim}) of {text or 'a tensor'} of rank {len(dims)}")
            split[d] += (name,)
        elif p.kind == "partial":
            partial.append(name)
    layout = Layout(mesh, tuple(split), tuple(partial))
    if even:
        require_even(ctx, layout, dims, text)
    return layout


def require_even(ctx: OpContext, layout: Layout, dims: tuple, text: str) -> None:
    """SC130: each split dim divisible by the devices it is split over (else the pieces differ)."""
    for split in divisibility(layout, dims):
        axes = ", ".join(repr(x) for x in split.axes)
        ctx.require(split.pred, "SC130", lambda split=split, axes=axes: (
            f"{ctx.op}: dim {split.dim} of {text or 'the array'} ({ctx.show_dim(split.size)}) is split over mesh "
            f"axis {axes} of {ctx.show_dim(split.ways)} devices, but {ctx.show_dim(split.size)} is not "
            f"divisible by {ctx.show_dim(split.ways)}"))


def placed(a: Array, layout: Layout | None) -> Array:
    """``a`` with ``layout`` (its global shape unchanged)."""
    return Array(a.shape, a.dtype, a.values, a.tensor, layout)


def local_of(a: Array) -> Array:
    """What one device holds of a placed array: its local shape, no layout."""
    if a.layout is None or a.shape.dims is None:
        return Array(a.shape, a.dtype, None, a.tensor)
    return Array(Shape(local_shape(a.layout, a.shape.dims)), a.dtype, None, a.tensor)


def global_of(local: Array, layout: Layout) -> Array:
    """The global array whose pieces under ``layout`` are ``local``."""
    dims = local.shape.dims
    if dims is None or len(dims) != len(layout.dims):
        return Array(local.shape, local.dtype, None, local.tensor)
    glob = tuple(D.mul(d, layout.mesh.group(axes)) if axes else d for d, axes in zip(dims, layout.dims))
    return Array(Shape(glob), local.dtype, None, local.tensor, layout)


def axis_size(mesh: Mesh | None, names: Axes) -> D.Dim | None:
    if mesh is None or not all(n in mesh.names for n in names):
        return None
    return mesh.group(names)


def show_placement(a: Array, names) -> str:
    """``, sharded P(None, 'tp') over {tp: 4}, local (20, 8)`` for reveal_shape and hovers."""
    if a.layout is None or not a.layout.sharded:
        return ""
    local = a.shape.dims
    local_text = Shape(local_shape(a.layout, local)).show(names) if local is not None else "?"
    return f", sharded {a.layout.show()} over {a.layout.mesh.show()}, local {local_text}"


def int_value(v: Value | None) -> int | None:
    return v.dim if type(v) is Int and type(v.dim) is int else None


# == communication, for a measured run's op log (shapecheck shard-cost) ==============================

#: The op-log name of a collective's traffic: ``collective.all_gather`` with operands (the piece it
#: starts from, the bytes one device receives: an Int, or UNKNOWN when they are not known).
TRAFFIC_EVENT = "collective."


#: The third operand of a ``collective.all_gather`` of a fully sharded layer's parameter: its
#: gradient is reduce-scattered back to the shards in a training step (shard-cost counts it).
PARAMETER_GATHER = Str("parameter")


def log_traffic(ctx: OpContext, op: str, piece: Array, devices: D.Dim | None, parameter: bool = False) -> None:
    """Log collective ``op`` over ``devices`` on ``piece`` (one device's array before it), with the bytes
    of :data:`~shapecheck.sharding.traffic.TRAFFIC` (``parameter``: FSDP gathering a parameter)."""
    size = nbytes(piece)
    moved = TRAFFIC[op](size, devices) if size is not None and devices is not None else None
    ctx.record(TRAFFIC_EVENT + op, (piece, Int(moved) if moved is not None else UNKNOWN)
               + ((PARAMETER_GATHER,) if parameter else ()), UNKNOWN)


def redistribution(ctx: OpContext, a: Array, target: Layout) -> Plan | None:
    """The cheapest plan moving ``a`` to ``target`` (None: sizes not literal), its steps logged as
    collectives (an unplanned move is logged with unknown bytes)."""
    if a.layout is None or a.layout == target:
        return None
    try:
        found = plan(a.shape.dims, a.layout, target, itemsize=ITEMSIZE.get(a.dtype or "", DEFAULT_ITEMSIZE))
    except (PlanError, LayoutError, TypeError):
        ctx.record(TRAFFIC_EVENT + "redistribute", (a, UNKNOWN), UNKNOWN)
        return None
    for step in found.steps:
        ctx.record(TRAFFIC_EVENT + step.op, (placed(a, step.before), Int(step.bytes)), UNKNOWN)
    return found
