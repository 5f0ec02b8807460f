"""The plain annotation form of placements, for NumPy code (which has no sharding API of its own):

    from shapecheck import device_mesh, shard
    mesh = device_mesh(dp=2, tp=4)       # axis names and sizes, major to minor
    x = shard(x, mesh, "dp", None)       # x's dims split as PartitionSpec("dp", None) would

At run time both are inert (``shard`` returns its array); statically ``x`` is placed and checked like
a ``NamedSharding`` (SC130, SC131), and ops on it propagate the placement (spmd_ops.py).
"""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.spmd import MeshValue, SpecValue
from ..core.values import UNKNOWN, Tuple, Value
from .args import as_array
from .kinds import Rule
from .placements import mesh_of, mesh_sizes, placed, spec_entry, spec_layout


def device_mesh(ctx: OpContext, call: Call) -> Value:
    if call.args or not call.kwargs:
        return UNKNOWN
    names = tuple(call.kwargs)
    sizes = Tuple(tuple(a.value for a in call.kwargs.values()))
    text = "(" + ", ".join(a.text for a in call.kwargs.values()) + ",)"
    return MeshValue(mesh_sizes(ctx, names, sizes, text))


def shard(ctx: OpContext, call: Call) -> Value:
    if len(call.args) < 2:
        return UNKNOWN
    x_arg, m = call.args[0], mesh_of(call.args[1].value)
    a = as_array(x_arg.value)
    entries = [spec_entry(arg.value) for arg in call.args[2:]]
    if a is None or m is None or any(e is None for e in entries):
        return x_arg.value
    return placed(a, spec_layout(ctx, m, SpecValue(tuple(entries)), a, x_arg.text))


NUMPY_SPMD: dict[str, Rule] = {"shapecheck.device_mesh": device_mesh, "shapecheck.shard": shard}
