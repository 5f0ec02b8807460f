"""JAX's sharding API: meshes, ``PartitionSpec``/``NamedSharding``, ``device_put`` and
``with_sharding_constraint`` (placements on global arrays), ``shard_map`` (the body sees local
pieces), and the collectives a ``shard_map`` body calls, each a line of :data:`COLLECTIVES`.

Sources: the JAX docs for ``jax.sharding.Mesh``, ``jax.make_mesh``, ``NamedSharding``,
``PartitionSpec``, ``jax.experimental.shard_map.shard_map`` ("the body sees the local shapes
``x.shape[i] // mesh.shape[spec[i]]``; every split dim must divide evenly") and ``jax.lax.psum``,
``all_gather``, ``psum_scatter``, ``all_to_all``, ``ppermute``, ``axis_index``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ...sharding.layout import Mesh, replicated
from ..core.context import Arg, Call, OpContext
from ..core.spmd import MeshValue, ShardingValue, SpecValue, SpmdFunction
from ..core.values import UNKNOWN, Array, Bool, Int, List, Tuple, Value
from .args import as_array, const_int, normalize_axis
from .kinds import Rule
from .placements import (axis_size, global_of, local_of, log_traffic, mesh_of, mesh_sizes, names_of, placed,
                         redistribution, spec_entry, spec_layout)


def _bound(call: Call, params: tuple[str, ...]) -> dict[str, Value]:
    return {k: a.value for k, a in call.bind(params).items()}


def make_mesh(ctx: OpContext, call: Call) -> Value:
    """``jax.make_mesh(axis_shapes, axis_names)``."""
    b = _bound(call, ("axis_shapes", "axis_names"))
    names = names_of(b.get("axis_names"))
    text = call.bind(("axis_shapes",)).get("axis_shapes")
    return MeshValue(mesh_sizes(ctx, names, b.get("axis_shapes"), text.text if text else "")) if names else UNKNOWN


def mesh(ctx: OpContext, call: Call) -> Value:
    """``Mesh(devices, axis_names)``: the axis sizes are the device array's shape."""
    b = _bound(call, ("devices", "axis_names"))
    names = names_of(b.get("axis_names"))
    if not names:
        return UNKNOWN
    devices = b.get("devices")
    dims = devices.shape.dims if type(devices) is Array else None
    if dims is not None and len(dims) != len(names):
        ctx.fail("SC131", f"{ctx.op}: a device array of rank {len(dims)} with {len(names)} axis names")
    return MeshValue(mesh_sizes(ctx, names, Tuple(tuple(Int(d) for d in dims)) if dims is not None else None))


def partition_spec(ctx: OpContext, call: Call) -> Value:
    entries = [spec_entry(a.value) for a in call.args]
    return SpecValue(tuple(entries)) if all(e is not None for e in entries) else UNKNOWN


def named_sharding(ctx: OpContext, call: Call) -> Value:
    b = _bound(call, ("mesh", "spec"))
    m, spec = mesh_of(b.get("mesh")), b.get("spec")
    return ShardingValue(m, spec) if m is not None and type(spec) is SpecValue else UNKNOWN


def _with_sharding(params: tuple[str, str]) -> Rule:
    """``device_put(x, NamedSharding(...))``, ``with_sharding_constraint(x, NamedSharding(...))``: x,
    placed (its dims must split evenly)."""
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        x_arg, s = bound.get(params[0]), bound.get(params[1])
        a = as_array(x_arg.value) if x_arg is not None else None
        if a is None:
            return UNKNOWN
        if s is None or type(s.value) is not ShardingValue:
            return a
        layout = spec_layout(ctx, s.value.mesh, s.value.spec, a, x_arg.text)
        if layout is not None:
            redistribution(ctx, a, layout)   # a placed array placed anew moves (shard-cost counts it)
        return placed(a, layout)
    return rule


def _specs(specs: Value, count: int) -> list[Value] | None:
    """``in_specs``: one spec for one argument, else a tuple of specs (a pytree prefix)."""
    if type(specs) is SpecValue:
        return [specs] * count if count == 1 else None
    if type(specs) in (Tuple, List) and specs.items is not None and len(specs.items) == count:
        return list(specs.items)
    return None


def shard_map(ctx: OpContext, call: Call) -> Value:
    b = _bound(call, ("f", "mesh", "in_specs", "out_specs"))
    m = mesh_of(b.get("mesh"))
    if "f" not in b or m is None:
        return UNKNOWN
    return SpmdFunction(b["f"], m, b.get("in_specs", UNKNOWN), b.get("out_specs", UNKNOWN))


def call_spmd(spmd: SpmdFunction) -> Rule:
    """Calling a ``shard_map``-ped function: each argument split by its spec (evenly: SC130), the body
    run on the local pieces with the mesh's axes bound, its result joined by ``out_specs``."""
    def rule(ctx: OpContext, call: Call) -> Value:
        specs = _specs(spmd.in_specs, len(call.args))
        if specs is None or call.kwargs:
            return UNKNOWN
        local_args = []
        for arg, spec in zip(call.args, specs):
            a = arg.value
            if type(a) is Array and type(spec) is SpecValue:
                layout = spec_layout(ctx, spmd.mesh, spec, a, arg.text)
                if layout is not None:   # the argument's placement, for a measured run (shard-cost)
                    ctx.record("shard_map.in_spec", (a,), placed(a, layout))
                a = local_of(placed(a, layout)) if layout is not None else Array(UNKNOWN_SHAPE, a.dtype)
            local_args.append(Arg(a, arg.text))
        ctx.interp.analysis.spmd_meshes.append(spmd.mesh)
        try:
            result = ctx.interp.call(ctx.node, spmd.function, local_args, {})
        finally:
            ctx.interp.analysis.spmd_meshes.pop()
        return _join(ctx, spmd.mesh, result, spmd.out_specs)
    return rule


def _join(ctx: OpContext, m: Mesh, result: Value, specs: Value) -> Value:
    if type(result) is Array and type(specs) is SpecValue:
        dims = result.shape.dims
        if dims is None or len(specs.dims) > len(dims):
            return UNKNOWN
        return global_of(result, spec_layout(ctx, m, specs, result, "the result", even=False) or replicated(m, len(dims)))
    if type(result) is Tuple and type(specs) in (Tuple, List) and specs.items is not None \
            and len(specs.items) == len(result.items):
        return Tuple(tuple(_join(ctx, m, r, s) for r, s in zip(result.items, specs.items)))
    return UNKNOWN


# == collectives inside a shard_map body =============================================================


def _group(ctx: OpContext, names) -> D.Dim:
    """How many devices the collective over ``names`` spans: from the innermost ``shard_map``'s mesh;
    outside one (a body analysed on its own) a symbol. An axis the mesh lacks is JAX's unbound axis name."""
    meshes = ctx.interp.analysis.spmd_meshes
    if meshes:
        size = axis_size(meshes[-1], names)
        if size is None:
            ctx.fail("SC132", f"{ctx.op}: unbound axis name {', '.join(map(repr, names))}: the shard_map's "
                              f"mesh has axes {', '.join(map(repr, meshes[-1].names))}")
        return size
    return ctx.fresh("|" + ",".join(names) + "|")


@dataclass(frozen=True)
class Collective:
    """A collective's shape rule: ``kind`` says what it does to the dim ``axis_param`` names, untiled
    (``stack``: a new dim of the group size; ``unstack``: that dim must be the group size and goes)
    and tiled (``gather``: the dim grows n-fold; ``scatter``: it must divide by n, and shrinks)."""

    params: tuple[str, ...]
    traffic: str                # its bytes per device: a row of sharding/traffic.py's TRAFFIC
    untiled: str                # "same" | "stack" | "unstack" | "move"
    tiled: str = "same"         # "same" | "gather" | "scatter" | "exchange"
    axis_param: str = ""
    default_axis: int = 0


#: jax.lax's collectives (their docs' "Returns" sections), one line each.
COLLECTIVES: dict[str, Collective] = {
    "psum": Collective(("x", "axis_name"), "all_reduce", "same"),
    "pmean": Collective(("x", "axis_name"), "all_reduce", "same"),
    "pmax": Collective(("x", "axis_name"), "all_reduce", "same"),
    "pmin": Collective(("x", "axis_name"), "all_reduce", "same"),
    "ppermute": Collective(("x", "axis_name", "perm"), "permute", "same"),
    "pshuffle": Collective(("x", "axis_name", "perm"), "permute", "same"),
    "all_gather": Collective(("x", "axis_name"), "all_gather", "stack", "gather", "axis"),
    "psum_scatter": Collective(("x", "axis_name"), "reduce_scatter", "unstack", "scatter", "scatter_dimension"),
    "all_to_all": Collective(("x", "axis_name", "split_axis", "concat_axis"), "all_to_all", "move", "exchange",
                             "split_axis"),
}


def collective(spec: Collective) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(spec.params)
        x_arg, names = bound.get("x"), names_of(bound["axis_name"].value) if "axis_name" in bound else None
        a = as_array(x_arg.value) if x_arg is not None else None
        if a is None or names is None:
            return UNKNOWN
        n = _group(ctx, names)
        log_traffic(ctx, spec.traffic, local_of(a) if a.layout is not None else a, n)
        tiled_arg = bound.get("tiled")
        tiled = tiled_arg is not None and type(tiled_arg.value) is Bool and tiled_arg.value.value is True
        kind = spec.tiled if tiled else spec.untiled
        dims = a.shape.dims
        if kind == "same":
            return a if a.layout is None else Array(a.shape, a.dtype, None, a.tensor)
        if dims is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        at = const_int(bound.get(spec.axis_param)) if spec.axis_param in bound else spec.default_axis
        if at is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        if kind == "stack":
            at = normalize_axis(ctx, at, len(dims) + 1)
            return Array(Shape(dims[:at] + (n,) + dims[at:]), a.dtype)
        at = normalize_axis(ctx, at, len(dims))
        size = dims[at]
        if kind == "gather":
            return Array(Shape(dims[:at] + (D.mul(size, n),) + dims[at + 1:]), a.dtype)
        if kind in ("scatter", "exchange"):
            ctx.require(eq(D.mod(size, n), 0), "SC132", lambda: (
                f"{ctx.op}: {ctx.describe(x_arg)}: dim {at} ({ctx.show_dim(size)}) does not divide into "
                f"{ctx.show_dim(n)} pieces, one per device of axis {', '.join(map(repr, names))}"))
        else:
            ctx.require(eq(size, n), "SC132", lambda: (
                f"{ctx.op}: {ctx.describe(x_arg)}: dim {at} ({ctx.show_dim(size)}) must equal the "
                f"{ctx.show_dim(n)} devices of axis {', '.join(map(repr, names))} (or pass tiled=True)"))
        out = list(dims)
        if kind == "scatter":
            out[at] = D.floordiv(size, n)
        elif kind == "unstack":
            del out[at]
        elif kind in ("exchange", "move"):
            concat = const_int(bound.get("concat_axis"))
            if concat is None:
                return Array(UNKNOWN_SHAPE, a.dtype)
            if kind == "exchange":
                concat = normalize_axis(ctx, concat, len(dims))
                out[at] = D.floordiv(size, n)
                out[concat] = D.mul(out[concat], n)
            else:   # the split dim goes, a dim of n appears at concat_axis (counted after the removal)
                del out[at]
                concat = normalize_axis(ctx, concat, len(dims))
                out.insert(concat, n)
        return Array(Shape(tuple(out)), a.dtype)
    return rule


def axis_index(ctx: OpContext, call: Call) -> Value:
    return Int(ctx.fresh("axis_index"))


def axis_size_of(ctx: OpContext, call: Call) -> Value:
    """``jax.lax.axis_size(name)`` / ``psum(1, name)``'s value: the group size."""
    names = names_of(call.args[0].value) if call.args else None
    return Int(_group(ctx, names)) if names else UNKNOWN


_SHARDING = ("jax.sharding", "jax")
JAX_SPMD: dict[str, Rule] = {
    "jax.make_mesh": make_mesh, "jax.sharding.Mesh": mesh,
    **{f"{m}.{name}": rule for m in _SHARDING for name, rule in (
        ("PartitionSpec", partition_spec), ("NamedSharding", named_sharding))},
    "jax.sharding.PartitionSpec": partition_spec, "jax.P": partition_spec,
    "jax.device_put": _with_sharding(("x", "device")),
    "jax.lax.with_sharding_constraint": _with_sharding(("x", "shardings")),
    "jax.experimental.shard_map.shard_map": shard_map, "jax.shard_map": shard_map,
    **{f"jax.lax.{name}": collective(spec) for name, spec in COLLECTIVES.items()},
    "jax.lax.axis_index": axis_index, "jax.lax.axis_size": axis_size_of,
}
