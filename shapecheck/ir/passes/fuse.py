"""Fusion: elementwise/broadcast chains, with their consumer reductions and the elementwise
epilogues of matmuls and reductions, become one primitive function each (lowered to one kernel).

First, row groups (``rows.py``): reductions over trailing axes with the elementwise ops that feed
them and that broadcast their results back (softmax, layer norm...) become one primitive function
each, returning a tuple when several of its values are used outside (multi-output fusion). Then,
over what is left, producer-consumer fusion:

A producer ``P`` joins its consumer ``C``'s group when ``C`` is its only user and:
  * ``C`` is elementwise, injective or a reduction, and ``P``'s group holds no reduction: each
    element of ``P`` is recomputed where ``C`` reads it, which is cheap;
  * ``P``'s group holds a reduction or matmul: only if ``C`` reads each element of ``P`` once,
    i.e. ``C`` is a reduction or injective op, or an elementwise op of ``P``'s exact shape (no
    broadcasting, which would recompute the reduction);
  * never into a matmul (it reads each input element many times).
Groups of one op stay as they are (lowering makes a kernel of each op anyway).
"""

from __future__ import annotations

from dataclasses import replace

from shapecheck.subst import free_vars
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.names import fresh_name

from .. import graph as G
from ..ops import OPS
from .rows import row_groups

__all__ = ["fuse"]

_FUSABLE = ("elementwise", "const", "injective", "reduce", "contract")


def _kind(b: G.Binding) -> str:
    if type(b.value) is G.OpCall and b.value.op in OPS:
        return OPS[b.value.op].kind
    return "opaque"


def fuse(module: G.Module) -> G.Module:
    taken = {f.name for f in module.functions} | {k.name for k in module.kernels}
    functions: list[G.Function] = []
    primitives: list[G.Function] = []
    for f in module.functions:
        if f.primitive:
            functions.append(f)
            continue
        f, rows = _fuse_rows(f, taken)
        new_f, made = _fuse_function(f, taken)
        functions.append(new_f)
        primitives.extend(rows + made)
    return replace(module, functions=tuple(functions + primitives))


def _fuse_function(f: G.Function, taken: set[str]) -> tuple[G.Function, list[G.Function]]:
    bindings = f.body.bindings
    index = {b.var: i for i, b in enumerate(bindings)}
    uses: dict = {}
    for b in bindings:
        for n in _uses(b.value):
            uses[n] = uses.get(n, 0) + 1
    uses[f.body.result] = uses.get(f.body.result, 0) + 1

    group = list(range(len(bindings)))                 # binding -> its group's root binding
    members = {i: [i] for i in range(len(bindings))}   # root -> member bindings
    reduces = {i: _kind(b) in ("reduce", "contract") for i, b in enumerate(bindings)}
    for i, c in enumerate(bindings):
        kind = _kind(c)
        if kind not in _FUSABLE or kind == "contract":
            continue
        args = c.value.args
        for p_name in dict.fromkeys(args):
            j = index.get(p_name)
            if j is None or group[j] != j or _kind(bindings[j]) not in _FUSABLE:
                continue
            if uses.get(p_name, 0) != args.count(p_name):
                continue  # used elsewhere too: keep it materialised
            if reduces[j]:
                if args.count(p_name) > 1:
                    continue
                if kind == "elementwise" and bindings[j].type.shape != c.type.shape:
                    continue
            for m in members.pop(j):
                group[m] = i
                members[i].append(m)
            reduces[i] = reduces[i] or reduces[j]

    made: list[G.Function] = []
    replaced: dict[int, G.Binding] = {}
    dropped: set[int] = set()
    for root, group_members in members.items():
        if len(group_members) < 2:
            continue
        group_members.sort()
        prim = _primitive(f, [bindings[m] for m in group_members], taken)
        if prim is None:
            continue
        made.append(prim)
        inputs = tuple(p.name for p in prim.params)
        r = bindings[root]
        replaced[root] = G.Binding(r.var, r.type, G.CallFunc(prim.name, inputs))
        dropped.update(m for m in group_members if m != root)
    out = tuple(replaced.get(i, b) for i, b in enumerate(bindings) if i not in dropped)
    return replace(f, body=G.Block(out, f.body.result)), made


def _fuse_rows(f: G.Function, taken: set[str]) -> tuple[G.Function, list[G.Function]]:
    """Each row group -> a call of a new primitive function, placed at the group's last member;
    bindings between the members that depend on the group move after the call (convexity makes
    that valid: no member uses them)."""
    bindings = f.body.bindings
    made: list[G.Function] = []
    calls: dict[int, list[G.Binding]] = {}   # last member -> the call (and its gets)
    dropped: set[int] = set()
    for group in row_groups(f):
        members = [bindings[m] for m in group.members]
        outputs = [bindings[m] for m in group.outputs]
        prim = _primitive(f, members, taken, outputs)
        if prim is None:
            continue
        made.append(prim)
        inputs = tuple(p.name for p in prim.params)
        if len(outputs) == 1:
            (out,) = outputs
            calls[group.members[-1]] = [G.Binding(out.var, out.type, G.CallFunc(prim.name, inputs))]
        else:
            tup = fresh_name("rows")
            calls[group.members[-1]] = [G.Binding(tup, prim.ret, G.CallFunc(prim.name, inputs))] + [
                G.Binding(o.var, o.type, G.GetItem(tup, k)) for k, o in enumerate(outputs)]
        dropped.update(group.members)
    if not made:
        return f, []
    out: list[G.Binding] = []
    deferred: list[G.Binding] = []
    pending: set = set()   # vars of groups whose call is not placed yet
    for i, b in enumerate(bindings):
        if i in calls:
            out.extend(calls[i])
            pending -= {x.var for x in calls[i]}
            ready = [d for d in deferred if not (set(_uses(d.value)) & pending)]
            deferred = [d for d in deferred if d not in ready]
            out.extend(ready)
        elif i in dropped:
            pending.add(b.var)
        elif set(_uses(b.value)) & (pending | {d.var for d in deferred}):
            deferred.append(b)
        else:
            out.append(b)
    return replace(f, body=G.Block(tuple(out + deferred), f.body.result)), made


def _uses(value: G.Value) -> tuple:
    if type(value) is G.OpCall or type(value) is G.CallFunc or type(value) is G.CallKernel \
            or type(value) is G.ExternCall:
        return value.args
    if type(value) is G.MakeTuple:
        return value.items
    return (value.value,)


def _primitive(f: G.Function, group: list[G.Binding], taken: set[str],
               outputs: list[G.Binding] | None = None) -> G.Function | None:
    """The primitive function computing ``outputs`` (default: the last binding of ``group``; a
    tuple of them when there are several) from the values ``group`` reads but does not bind."""
    types = {p.name: p.type for p in f.params}
    types.update((b.var, b.type) for b in f.body.bindings)
    defined = {b.var for b in group}
    inputs = list(dict.fromkeys(a for b in group for a in b.value.args if a not in defined))
    params = tuple(G.Param(a, types[a]) for a in inputs)
    shape_vars = sorted({n for p in params for n in free_vars(p.type)}, key=lambda n: n.id)
    whole = {d for p in params for d in p.type.shape}
    if any(dim_of(n) not in whole for n in shape_vars):
        return None  # a call could not determine this shape variable
    outputs = outputs or group[-1:]
    if len(outputs) == 1:
        ret, body = outputs[0].type, G.Block(tuple(group), outputs[0].var)
    else:
        ret = G.TupleType(tuple(o.type for o in outputs))
        tup = G.Binding(fresh_name("results"), ret, G.MakeTuple(tuple(o.var for o in outputs)))
        body = G.Block((*group, tup), tup.var)
    fn = G.Function("", tuple(shape_vars), params, ret, body, primitive=True)
    if free_vars(fn):
        return None
    stem = "fused_" + "_".join(b.value.op for b in group if b.value.op != "const")
    name, k = stem, 0
    while name in taken:
        k += 1
        name = f"{stem}_{k}"
    taken.add(name)
    return replace(fn, name=name)
