"""The per-device cost of a sharded function, from one measured call (``shapecheck shard-cost
FILE::FUNC``): its FLOPs are ``cost_report``'s (each op counted on the pieces one device holds), its
bytes the collectives the call logged (``collective.*`` events: explicit ones, ``psum`` or
``redistribute``, and those the frameworks insert, the SC303 notes); a training step adds the
backward pass and each weight's gradient all-reduce (:func:`shapecheck.sharding.cost.training_step`).

A weight's layout is the one the function gives it (``with_sharding_constraint``, ``distribute_tensor``,
a ``shard_map`` in_spec: the first op that places the argument), else the one it was measured with;
the tokens are the first argument, and their split axes are the data-parallel axes.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...sharding.cost import Cost, CostError, Line, gradient_sync, training_step
from ...sharding.layout import Layout, replicated
from ..core.values import Array, Int
from ..rules.costs import DEFAULT_ITEMSIZE, ITEMSIZE
from ..rules.placements import PARAMETER_GATHER, TRAFFIC_EVENT
from .costs import cost_report
from .run import Measurement


def placement_of(measured: Measurement, name: str) -> Layout | None:
    """The layout argument ``name`` has in the call: the first op that places it, else its own."""
    value = measured.arguments.get(name)
    if type(value) is not Array:
        return None
    for event in measured.log.events:
        result = event.result
        if event.operands and event.operands[0] is value and type(result) is Array \
                and result.layout is not None and result.shape == value.shape:
            return result.layout
    return value.layout


def _literal(d, what: str) -> int:
    if type(d) is not int:
        raise CostError(f"{what} is {D.show_polynomial(d, {})}, not a number: give every argument's sizes (--shape)")
    return d


def shard_cost(measured: Measurement, params: tuple[str, ...] | None = None,
               training: bool = False) -> tuple[Cost, tuple[tuple[int, str], ...]]:
    """One device's FLOPs and bytes received for the measured call (see the module docstring), and the
    (line, op) pairs not counted; ``params`` are the weights (default: every argument but the first).
    :class:`CostError` when a count is symbolic."""
    report = cost_report(measured)
    name = measured.function.qualname
    lines = [Line(f"line {line.line}: {', '.join(line.ops)}", _literal(line.flops, f"line {line.line}'s FLOPs"),
                  _literal(line.communicated, f"line {line.line}'s bytes")) for line in report.lines]
    cost = Cost(name, tuple(lines))
    if not training:
        return cost, report.uncounted
    names = list(measured.arguments)
    tokens = placement_of(measured, names[0]) if names else None
    data_axes = tuple(a for axes in tokens.dims for a in axes) if tokens is not None else ()
    syncs: list[Line] = []
    for weight in params if params is not None else names[1:]:
        layout, value = placement_of(measured, weight), measured.arguments.get(weight)
        if type(value) is not Array or value.shape.dims is None:
            continue
        if layout is None and tokens is not None:   # a weight never placed is whole on every device
            layout = replicated(tokens.mesh, len(value.shape.dims))
        if layout is None:
            continue
        shape = tuple(_literal(d, f"{weight}'s shape") for d in value.shape.dims)
        syncs += gradient_sync(weight, shape, layout, data_axes, ITEMSIZE.get(value.dtype or "", DEFAULT_ITEMSIZE))
    for event in measured.log.events:   # FSDP: each gathered parameter's gradient goes back reduce-scattered
        if event.name.startswith(TRAFFIC_EVENT) and PARAMETER_GATHER in event.operands[2:] \
                and type(event.operands[1]) is Int:
            # the reduce-scatter of the whole gradient receives (n-1) pieces, as the all-gather did
            gathered = _literal(D.mul(event.operands[1].dim, event.times), "a parameter's all-gather")
            syncs.append(Line(f"line {event.line}: a fully sharded parameter's gradient reduce-scatter", 0, gathered))
    return training_step(cost, syncs), report.uncounted
