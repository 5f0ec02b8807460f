"""Row groups: a reduction over trailing axes fused with its injective prologue and epilogue, after
Relax/TVM's FuseOps (``kOutEWiseFusable`` + ``kCommReduce``: a reduction absorbs its elementwise
producers and the elementwise consumers that broadcast its result back over the rows).

A *row domain* splits a shape ``S`` into outer dims ``O`` (the rows) and inner dims ``I`` (what a
reduction over the trailing ``len(I)`` axes of ``S`` consumes). Each member of a group lives in
the domain as

  * ``full``: shape ``S`` exactly (an elementwise op, computed per element of a row), or
  * ``row``: shape ``O + (1,)*len(I)`` (keepdims) or ``O`` (one value per row: a reduction, an
    elementwise op on such values, or a reshape between the two spellings).

Softmax, log-softmax, layer norm, RMS norm and cross-entropy are each one group: the lowering
(``lower_rows.py``) runs one kernel per row block, with one inner loop per *level* of reductions
(reductions that do not depend on each other share a loop: one pass, several results) and a last
loop writing the full-shape outputs, so each row is read from memory once and again from cache.

A group is a set of candidates (bindings that live in the domain; a 0-d constant joins only if all
its users are members) that is connected through def-use edges and *convex*: no path leaves the
group and comes back (a member never uses a non-member that depends on a member), so the group
can run as one call. Members used outside (or returned) are the group's outputs; several outputs
make a tuple-returning primitive function (multi-output fusion). A group is made only when it
broadcasts a reduction back over full rows or holds several reductions; a lone reduction with row
epilogues is left to the producer-consumer fusion in ``fuse.py``, which handles it as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapecheck.constraints import dims

from .. import graph as G
from ..ops import OPS

__all__ = ["RowDomain", "row_domain", "row_groups", "RowGroup", "member_class"]


@dataclass(frozen=True, slots=True)
class RowDomain:
    outer: tuple[dims.Dim, ...]
    inner: tuple[dims.Dim, ...]

    @property
    def full(self) -> tuple[dims.Dim, ...]:
        return self.outer + self.inner

    def classify(self, shape: tuple[dims.Dim, ...]) -> str | None:
        """``full``, ``row`` or None (not in this domain)."""
        if shape == self.full:
            return "full"
        if shape == self.outer or shape == self.outer + (1,) * len(self.inner):
            return "row"
        return None


@dataclass(frozen=True, slots=True)
class RowGroup:
    domain: RowDomain
    members: tuple[int, ...]   # binding indices, in order
    outputs: tuple[int, ...]   # members used outside the group, in order


def row_domain(b: G.Binding, types: dict) -> RowDomain | None:
    """The domain of a reduction over trailing axes of its argument (None for other bindings)."""
    v = b.value
    if type(v) is not G.OpCall or v.op not in OPS or OPS[v.op].kind != "reduce":
        return None
    arg = types.get(v.args[0])
    if type(arg) is not G.TensorType:
        return None
    axes = tuple(v.attr("axes"))
    first = arg.rank - len(axes)
    if not axes or sorted(axes) != list(range(first, arg.rank)):
        return None
    domain = RowDomain(arg.shape[:first], arg.shape[first:])
    if all(d == 1 for d in domain.inner):
        return None  # full and row shapes coincide: nothing to fuse across
    return domain


def member_class(b: G.Binding, domain: RowDomain, types: dict) -> str | None:
    """How ``b`` lives in ``domain`` (``full``/``row``), or None when it cannot be a member."""
    v = b.value
    if type(v) is not G.OpCall or v.op not in OPS or type(b.type) is not G.TensorType:
        return None
    kind = OPS[v.op].kind
    if kind == "const" or (kind == "elementwise" and b.type.rank == 0):
        return "row"   # a 0-d value (a constant, a cast scalar): broadcast anywhere
    cls = domain.classify(b.type.shape)
    if kind == "elementwise":
        return cls
    if kind == "reduce":
        return "row" if cls == "row" and row_domain(b, types) == domain else None
    if v.op == "reshape":
        arg = types.get(v.args[0])
        same = type(arg) is G.TensorType and domain.classify(arg.shape) == "row"
        return "row" if cls == "row" and same else None
    return None


def row_groups(f: G.Function) -> list[RowGroup]:
    """The row groups of ``f``'s body (disjoint; see the module docstring)."""
    bindings = f.body.bindings
    types: dict = {p.name: p.type for p in f.params}
    types.update((b.var, b.type) for b in bindings)
    index = {b.var: i for i, b in enumerate(bindings)}
    users: dict[int, list] = {i: [] for i in range(len(bindings))}
    for i, b in enumerate(bindings):
        for a in dict.fromkeys(_args(b.value)):
            if a in index:
                users[index[a]].append(i)
    returned = index.get(f.body.result)

    taken: set[int] = set()
    groups = []
    for seed, b in enumerate(bindings):
        domain = row_domain(b, types)
        if seed in taken or domain is None:
            continue
        candidates = {i for i, c in enumerate(bindings)
                      if i not in taken and member_class(c, domain, types) is not None}
        # Between members, broadcasting must pair rows with rows: NumPy aligns shapes from the
        # right, so a row value of shape O read by a full (O + I) op would pair O with I (a 0-d
        # value broadcasts anywhere).
        candidates = {i for i in candidates if OPS[bindings[i].value.op].kind != "elementwise"
                      or all(types[a].rank in (0, bindings[i].type.rank) for a in bindings[i].value.args
                             if a in index and index[a] in candidates)}
        while True:   # a constant joins only with all its users (else it is an input)
            members = _convex_component(seed, candidates, bindings, index, users)
            shared = {m for m in members if OPS[bindings[m].value.op].kind == "const"
                      and any(u not in members for u in users[m])}
            if not shared:
                break
            candidates -= shared
        if not _worth_fusing(members, bindings, domain, types):
            continue
        outputs = tuple(m for m in sorted(members) if m == returned or any(u not in members for u in users[m]))
        groups.append(RowGroup(domain, tuple(sorted(members)), outputs))
        taken |= members
    return groups


def _args(value: G.Value) -> tuple:
    if type(value) in (G.OpCall, G.CallFunc, G.CallKernel, G.ExternCall):
        return value.args
    if type(value) is G.MakeTuple:
        return value.items
    return (value.value,)


def _component(seed: int, nodes: set[int], bindings, index, users) -> set[int]:
    """The nodes connected to ``seed`` through def-use edges between nodes."""
    seen, todo = {seed}, [seed]
    while todo:
        i = todo.pop()
        near = [index[a] for a in _args(bindings[i].value) if a in index] + users[i]
        for j in near:
            if j in nodes and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def _convex_component(seed, candidates, bindings, index, users) -> set[int]:
    """The seed's connected component, less members that would need a value computed outside
    the group from the group's own results (such a member could not run in the same call)."""
    members = _component(seed, candidates, bindings, index, users)
    while True:
        tainted: set[int] = set()   # non-members depending on a member
        bad = set()
        for i, b in enumerate(bindings):
            deps = [index[a] for a in _args(b.value) if a in index]
            if i in members:
                if any(d in tainted for d in deps):
                    bad.add(i)
            elif any(d in members or d in tainted for d in deps):
                tainted.add(i)
        if not bad:
            return members
        members = _component(seed, members - bad, bindings, index, users) if seed not in bad else set()


def _worth_fusing(members: set[int], bindings, domain: RowDomain, types: dict) -> bool:
    reductions = [m for m in members if OPS[bindings[m].value.op].kind == "reduce"]
    if len(reductions) >= 2:
        return True
    # A full-shape member reading a row value (a reduction broadcast back over its rows).
    row_values: set = set()
    for m in sorted(members):
        b = bindings[m]
        if member_class(b, domain, types) == "row" and (
                OPS[b.value.op].kind == "reduce" or any(a in row_values for a in b.value.args)):
            row_values.add(b.var)
    return any(member_class(bindings[m], domain, types) == "full"
               and any(a in row_values for a in bindings[m].value.args) for m in members)
