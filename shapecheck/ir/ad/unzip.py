"""Unzipping a JVP into a primal program and a linear program: ``linearize``.

The bindings of ``f_jvp`` (``jvp.py``) fall in two parts: those that depend on a tangent parameter
(the *linear* part) and those that do not (the *primal* part). Partial evaluation with the primal
inputs known and the tangents unknown (Radul et al., "You Only Linearize Once", POPL 2023,
section 5; JAX's ``partial_eval``) runs the primal part now and leaves the linear part for later.
The primal values the linear part reads are its *residuals*.

Which residuals the primal program hands over, and which the linear program recomputes from
them, is the save-or-recompute choice (checkpointing), a :data:`Policy`:

* :class:`SaveAll` (default): every residual is saved; the linear program does no primal work.
* :class:`SaveInputs`: only primal inputs are saved; the linear program recomputes every other
  residual (and what it needs) from them.
* :class:`Budget`: residuals are saved greedily while their bytes fit in ``bytes``, each step the
  one whose saving removes the most recomputation (FLOPs, ``cost.py``) per byte given what is
  saved already; the rest are recomputed.

Constants are never saved: a linear program rebuilds them (they cost nothing).

Invariants:

* U1. ``primal(x) = (f(x)..., residuals...)`` and ``linear(residuals..., dx...) = df(x)[dx]``:
  together they compute what ``f_jvp`` does (the tests compare them on the interpreter).
* U2. ``linear`` is linear in ``dx`` (``linearity.check_linear``, run here in debug mode).
* U3. Every binding of ``f_jvp`` lands in ``primal``, in ``linear``, or (recomputed) in both, in
  its original order; no binding is evaluated twice within one program.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Union

from shapecheck.subst import Scope, checks_enabled, free_vars

from .. import graph as G
from .cost import nbytes, recompute_flops
from .emit import ADError
from .linearity import LinearFunction, check_linear

__all__ = ["SaveAll", "SaveInputs", "Budget", "Policy", "Linearized", "unzip"]


@dataclass(frozen=True)
class SaveAll:
    """Save every residual (no recomputation)."""


@dataclass(frozen=True)
class SaveInputs:
    """Save nothing but the primal inputs; recompute every other residual."""


@dataclass(frozen=True)
class Budget:
    """Save residuals (most recomputation removed per byte first) while they fit in ``bytes``; ``sizes``
    gives the shape variables' values the bytes are counted at (``{"n": 64}``)."""

    bytes: int
    sizes: Mapping[str, int] = field(default_factory=dict)


Policy = Union[SaveAll, SaveInputs, Budget]


@dataclass(frozen=True)
class Linearized:
    """``primal``: ``f``'s parameters -> ``(outputs..., residuals...)``; ``linear``: ``(residuals...,
    tangents...)`` -> output tangents (one, or a tuple of ``outputs``)."""

    primal: G.Function
    linear: LinearFunction
    outputs: int
    saved: tuple          # the residual Names, in the order primal returns them (after the outputs)


def unzip(f_jvp: G.Function, primals: int, outputs: int, policy: Policy = SaveAll()) -> Linearized:
    """Split ``f_jvp`` (its first ``primals`` parameters primal, the rest tangents; its result a
    tuple of ``outputs`` primal outputs then ``outputs`` tangents) under ``policy``."""
    params = f_jvp.params[:primals]
    tangents = {p.name for p in f_jvp.params[primals:]}
    *bindings, result = f_jvp.body.bindings
    outs, douts = result.value.items[:outputs], result.value.items[outputs:]
    linear_part, primal_part = [], []
    depends = set(tangents)
    for b in bindings:
        if free_vars(b.value) & depends:
            depends.add(b.var)
            linear_part.append(b)
        else:
            primal_part.append(b)
    by_var = {b.var: b for b in primal_part}
    inputs = {p.name for p in params}
    primal_names = inputs | set(by_var)
    needed = set()
    for b in linear_part:
        needed |= (free_vars(b.value) | free_vars(b.type)) & primal_names
    needed |= {d for d in douts if d not in depends}   # zero tangents (J2) are primal-side constants
    saved = _choose(policy, needed, by_var, inputs, {p.name: p.type for p in params})
    recompute = _closure(needed, saved, by_var, inputs)
    lin_body = [b for b in primal_part if b.var in recompute] + linear_part
    reads = set().union(*(free_vars(b.value) for b in lin_body)) | set(douts)
    saved_names = tuple(sorted(saved & reads, key=lambda n: n.id))
    shaped = set().union(*(free_vars(p.type) for p in params if p.name in reads), *(free_vars(by_var[n].type) for n in saved_names))
    for n in f_jvp.shape_params:   # T1 of transpose: the residuals bind every shape variable
        if n not in shaped:
            carrier = next(p for p in params if n in free_vars(p.type))
            reads.add(carrier.name)
            shaped |= free_vars(carrier.type)
    residual_params = [p for p in params if p.name in reads] + [G.Param(n, by_var[n].type) for n in saved_names]
    out_types = tuple(_type_of(o, params, by_var, f_jvp.name) for o in outs)
    stem = f_jvp.name.removesuffix("_jvp")
    lin = _function(f"{stem}_lin", f_jvp, (*residual_params, *f_jvp.params[primals:]), lin_body, douts, out_types)
    linear = LinearFunction(lin, len(residual_params))
    if checks_enabled():
        check_linear(linear)
    primal_result = (*outs, *(p.name for p in residual_params))
    primal_types = (*out_types, *(p.type for p in residual_params))
    primal_fn = _function(f"{stem}_primal", f_jvp, tuple(params), _live(primal_part, primal_result),
                          primal_result, primal_types)
    return Linearized(primal_fn, linear, outputs, primal_result[outputs:])


def _choose(policy: Policy, needed: set, by_var: dict, inputs: set, input_types: dict) -> set:
    """The residuals to save (never constants: ``_closure`` rebuilds them)."""
    candidates = {n for n in needed if n in by_var and not _is_constant(n, by_var, inputs)}
    if type(policy) is SaveAll:
        return candidates
    if type(policy) is SaveInputs:
        return set()
    types = {**input_types, **{n: b.type for n, b in by_var.items()}}
    loose = sorted({n.hint for n in candidates for n in free_vars(types[n]) if n.hint not in policy.sizes})
    if loose:
        raise ADError(f"Budget: give the sizes of shape variables {', '.join(loose)} (sizes={{...}})")
    sizes = policy.sizes
    bytes_of = {n: nbytes(types[n], sizes) for n in candidates}

    def recomputation(saved: set) -> int:
        return sum(recompute_flops(by_var[n], types, sizes) for n in _closure(needed, saved, by_var, inputs))

    # Greedy by marginal gain: each step saves the residual that removes the most recomputation
    # per byte, given what is saved already (values recomputed for several residuals count once).
    saved, used, current = set(), 0, recomputation(set())
    while True:
        best = None
        for n in sorted(candidates - saved, key=lambda n: n.id):
            if used + bytes_of[n] > policy.bytes:
                continue
            after = recomputation(saved | {n})
            score = (current - after) / max(1, bytes_of[n])
            if current > after and (best is None or score > best[0]):
                best = (score, n, after)
        if best is None:
            return saved
        _, n, current = best
        saved.add(n)
        used += bytes_of[n]


def _is_constant(n, by_var: dict, inputs: set) -> bool:
    b = by_var.get(n)
    return b is not None and all(a not in inputs and _is_constant(a, by_var, inputs) for a in free_vars(b.value))


def _closure(needed: set, saved: set, by_var: dict, inputs: set) -> set:
    """The primal bindings the linear program must recompute: what it needs and is not given."""
    out, todo = set(), [n for n in needed if n not in saved and n not in inputs]
    while todo:
        n = todo.pop()
        if n in out:
            continue
        out.add(n)
        todo.extend(a for a in free_vars(by_var[n].value) if a not in saved and a not in inputs and a in by_var)
    return out


def _live(bindings: list, results: tuple) -> list:
    live, kept = set(results), []
    for b in reversed(bindings):
        if b.var in live:
            kept.append(b)
            live |= free_vars(b.value)
    return kept[::-1]


def _type_of(name, params, by_var: dict, fname: str) -> G.Type:
    for p in params:
        if p.name == name:
            return p.type
    if name in by_var:
        return by_var[name].type
    raise ADError(f"@{fname}: output %{name.hint} is computed from the tangents")


def _function(name: str, f: G.Function, params: tuple, bindings: list, results: tuple, types: tuple) -> G.Function:
    """A function of ``bindings`` returning ``results`` (a tuple unless there is one); its shape
    parameters are ``f``'s that its parameters' types mention (each must be: a shape variable is
    bound by matching argument types)."""
    bindings = list(bindings)
    result, ret = results[0], types[0]
    if len(results) != 1:
        names = {p.name for p in params} | {b.var for b in bindings} | set(f.shape_params)
        result, ret = Scope.of(names).fresh("out"), G.TupleType(tuple(types))
        bindings.append(G.Binding(result, ret, G.MakeTuple(tuple(results))))
    bound = set().union(*(free_vars(p.type) for p in params)) if params else set()
    shape_params = tuple(n for n in f.shape_params if n in bound)
    loose = (set().union(*(free_vars(b.type) for b in bindings)) if bindings else set()) & set(f.shape_params)
    if loose - bound:
        raise ADError(f"@{name}: shape variables {sorted(n.hint for n in loose - bound)} occur in no parameter")
    return G.Function(name, shape_params, tuple(params), ret, G.Block(tuple(bindings), result))
