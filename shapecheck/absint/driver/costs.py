"""What a measured call (``run.measure_call``) costs, line by line, and how much memory its
intermediates need at their peak.

Both read the call's op log. Dims the call learnt are equal (``C == config.n_embd``, where the
layer built from a config meets the input's shape) are written in the caller's names, so a report
speaks of the ``--shape`` dims; ``values`` (``--set config.n_head=12``) evaluates named dims.

Peak memory is liveness over the logged ops (``shapecheck memory``): an op's result is live from
the op to the last op that reads it (to the end if the function returns it); an op that only
re-describes memory (a view) extends the life of what it views instead of allocating. The function's
arguments are not intermediates and are not counted. A loop's intermediates are counted once (one
iteration's worth): each pass frees the last one's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...constraints import dims as D
from ...constraints.peaks import live_sizes, maxima
from ..core.values import Array, Int, Tuple, Value
from ..rules.costs import Cost, arrays_in, cost_rule, nbytes, params_of
from ..rules.placements import TRAFFIC_EVENT, local_of
from .run import Measurement


@dataclass(frozen=True)
class LineCost:
    """The ops of one line (or of the whole call: line 0), summed."""

    line: int
    flops: D.Dim = 0
    macs: D.Dim = 0
    bytes_read: D.Dim = 0
    bytes_written: D.Dim = 0
    ops: tuple[str, ...] = ()
    communicated: D.Dim = 0   # bytes one device receives in collectives (sharding/traffic.py)

    def plus(self, cost: Cost, times: D.Dim, name: str, communicated: D.Dim = 0) -> "LineCost":
        def scaled(d: D.Dim) -> D.Dim:
            return D.mul(d, times)
        ops = self.ops if name in self.ops else self.ops + (name,)
        return LineCost(self.line, D.add(self.flops, scaled(cost.flops)), D.add(self.macs, scaled(cost.macs)),
                        D.add(self.bytes_read, scaled(cost.read)), D.add(self.bytes_written, scaled(cost.written)),
                        ops, D.add(self.communicated, scaled(communicated)))


@dataclass(frozen=True)
class CostReport:
    """The cost of one call: per line, in total, its parameters, and the ops it could not count."""

    function: str
    path: str
    lines: tuple[LineCost, ...]
    total: LineCost
    params: D.Dim | None
    uncounted: tuple[tuple[int, str], ...]   # (line, op) of array ops without a cost rule or shape
    names: dict = field(default_factory=dict)

    def show(self, d: D.Dim | None) -> str:
        return "?" if d is None else D.show_polynomial(d, self.names)


@dataclass(frozen=True)
class MemoryReport:
    """Live intermediate bytes after each op, and their peak (symbolic: the candidates no other
    one dominates for every size, when none dominates them all)."""

    function: str
    path: str
    timeline: tuple[tuple[int, str, D.Dim], ...]   # (line, op, live bytes after it)
    peaks: tuple[tuple[int, D.Dim], ...]            # (line, bytes): one when it dominates
    unsized: int                                     # intermediates of unknown size, not counted
    names: dict = field(default_factory=dict)

    def show(self, d: D.Dim) -> str:
        return D.show_polynomial(d, self.names)


# == renaming to the caller's dims ===================================================================

def _renaming(measured: Measurement, values: dict[str, int]) -> dict[str, D.Dim]:
    """Symbol -> what to write for it: the ``--shape`` dim it equals, or a ``--set`` value."""
    given: set[str] = set()
    for v in measured.arguments.values():
        if type(v) is Array and v.shape.dims is not None:
            for d in v.shape.dims:
                given |= D.free_symbols(d)
    mapping: dict[str, D.Dim] = {}
    facts = measured.frame.facts if measured.frame is not None else ()
    for fact in facts:
        p = fact.pred
        if p.kind != "eq":
            continue
        a, b = p.args
        for lone, other in ((a, b), (b, a)):
            names = D.free_symbols(lone)
            if type(lone) is not int and len(names) == 1 and lone == D.sym(next(iter(names))) \
                    and not names & given and D.free_symbols(other) <= given:
                mapping.setdefault(next(iter(names)), other)
                break
    symbols: set[str] = set(mapping) | given
    for e in measured.log.events:
        for v in arrays_in(e.operands + (e.result,)):
            for d in v.shape.dims or ():
                symbols |= D.free_symbols(d)
    # values known only by name (``config.n_embd`` read in two classes' ``__init__``) are one value
    # per name: the same config object reaches both in the code that builds them
    by_name: dict[str, str] = {}
    for name in sorted(symbols):
        if D.is_signed(name) and name not in mapping:
            first = by_name.setdefault(D.display_name(name), name)
            if first != name:
                mapping[name] = D.sym(first)
    for name in symbols:
        shown = D.display_name(name.rstrip(D.SIGNED))
        if shown in values and name not in given:
            mapping[name] = values[shown]
        elif name in given and name in values:
            mapping[name] = values[name]
    return {k: D.substitute(v, mapping) for k, v in mapping.items()}


def _renamed(d: D.Dim | None, mapping: dict) -> D.Dim | None:
    return None if d is None else D.substitute(d, mapping)


def _qualname(measured: Measurement) -> str:
    return measured.function.qualname


# == cost ============================================================================================

def cost_report(measured: Measurement, values: dict[str, int] | None = None) -> CostReport:
    """Sum the logged ops' costs per line of the measured function (``rules/costs.py`` conventions)."""
    mapping = _renaming(measured, values or {})
    lines: dict[int, LineCost] = {}
    total = LineCost(0)
    uncounted: list[tuple[int, str]] = []
    for event in measured.log.events:
        times = D.substitute(event.times, mapping)
        short = event.name.rsplit(".", 1)[-1]
        if event.name.startswith(TRAFFIC_EVENT):   # a collective: its bytes per device, no FLOPs
            moved = event.operands[1] if len(event.operands) > 1 else None
            if type(moved) is not Int:
                uncounted.append((event.line, event.name))
                continue
            sent = D.substitute(moved.dim, mapping)
            lines[event.line] = lines.get(event.line, LineCost(event.line)).plus(Cost(), times, short, sent)
            total = total.plus(Cost(), times, short, sent)
            continue
        if not arrays_in([event.result]):
            continue   # x.size(), math.sqrt(...): no array made, nothing computed on arrays
        rule = cost_rule(event.name)
        # one device's work: a placed (sharded) array counts as the piece each device holds
        cost = rule(_pieces(event.operands), _pieces((event.result,))[0]) if rule is not None else None
        if cost is None:
            uncounted.append((event.line, event.name))
            continue
        cost = Cost(*(D.substitute(d, mapping) for d in (cost.flops, cost.macs, cost.read, cost.written)),
                    cost.view)
        lines[event.line] = lines.get(event.line, LineCost(event.line)).plus(cost, times, short)
        total = total.plus(cost, times, short)
    params = params_of(measured.instance) if measured.instance is not None else 0
    names = measured.frame.names if measured.frame is not None else {}
    return CostReport(_qualname(measured), measured.function.module.path,
                      tuple(lines[k] for k in sorted(lines)), total, _renamed(params, mapping),
                      tuple(dict.fromkeys(uncounted)), dict(names))


def _pieces(values: tuple) -> tuple:
    """Each placed array as the piece one device holds (its local shape); other values as they are."""
    return tuple(_piece(v) for v in values)


def _piece(v: Value) -> Value:
    if type(v) is Array and v.layout is not None:
        return local_of(v)
    if type(v) is Tuple and v.items is not None and any(type(i) is Array and i.layout is not None for i in v.items):
        return Tuple(_pieces(v.items))   # torch.cat((a, b)): each placed operand's piece
    return v


# == memory ==========================================================================================

def memory_report(measured: Measurement, values: dict[str, int] | None = None) -> MemoryReport:
    """Liveness over the logged ops (see the module docstring)."""
    mapping = _renaming(measured, values or {})
    events = [e for e in measured.log.events if arrays_in([e.result])]
    # allocations are keyed by (op index, result index): a rule may hand back its operand's own
    # value object for a new tensor (``masked_fill`` keeps the shape), which is still a new tensor
    root: dict[int, tuple] = {}      # id of an array value -> the allocation it is (or views)
    size: dict[tuple, D.Dim] = {}    # allocation -> bytes
    born: dict[tuple, int] = {}      # allocation -> index of the op that made it
    last: dict[tuple, int] = {}      # allocation -> index of the last op that reads it
    unsized = 0
    for i, event in enumerate(events):   # (the events hold every value, so ids stay unique)
        sources = arrays_in(event.operands)
        for operand in sources:
            r = root.get(id(operand))
            if r is not None:
                last[r] = i
        rule = cost_rule(event.name)
        cost = rule(event.operands, event.result) if rule is not None else None
        for k, result in enumerate(arrays_in([event.result])):
            if cost is not None and cost.view:
                base = root.get(id(sources[0])) if sources else None
                if base is not None:
                    root[id(result)] = base   # a view: its base lives as long as it does
                else:
                    root.pop(id(result), None)   # a view of an argument: no intermediate
                continue
            b = nbytes(result)
            if b is None:
                unsized += 1
                root.pop(id(result), None)
                continue
            key = (i, k)
            root[id(result)] = key
            size[key], born[key], last[key] = D.substitute(b, mapping), i, i
    end = len(events)
    returns = measured.frame.returns if measured.frame is not None else []
    for value in arrays_in(returns):
        r = root.get(id(value))
        if r is not None:
            last[r] = end
    live = live_sizes(((born[r], last[r], b) for r, b in size.items()), len(events))
    timeline = [(event.line, event.name.rsplit(".", 1)[-1], bytes_) for event, bytes_ in zip(events, live)]
    names = measured.frame.names if measured.frame is not None else {}
    return MemoryReport(_qualname(measured), measured.function.module.path, tuple(timeline),
                        _peaks(timeline), unsized, dict(names))


def _peaks(timeline: list[tuple[int, str, D.Dim]]) -> tuple[tuple[int, D.Dim], ...]:
    """The live-byte counts no other one exceeds for every size, each at the first line it occurs."""
    first: dict = {}
    for line, _, live in timeline:
        first.setdefault(live, line)
    if not first:
        return ((0, 0),)
    return tuple(sorted(((first[c], c) for c in maxima(list(first))), key=lambda p: p[0]))
