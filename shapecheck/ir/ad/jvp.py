"""Forward mode: ``jvp`` turns ``f(x...) -> y`` into ``f_jvp(x..., dx...) -> (y..., dy...)``.

Each primitive's tangent rule is one row of :data:`TANGENTS`: per argument, the linear map from
that argument's tangent ``g`` to its contribution to the output's tangent, given the primal
arguments ``a``, the primal output ``y`` and the attributes ``at`` (JAX's ``defjvp``, one function
per operand; Radul et al., "You Only Linearize Once", POPL 2023, section 3). ``None`` marks an
operand with no tangent (a condition, an integer). The contributions are summed, and
broadcast to the output's shape when NumPy broadcasting made the output bigger than all of them.

Invariants (checked by ``linearity.check_linear`` after ``unzip``, in debug mode):

* J1. Every rule is linear in ``g``: ``g`` is used once, as the linear operand of an op in
  ``linearity.LINEAR``; every other operand (a *coefficient*: ``cos(x)``, ``1 - y*y``) is built
  from primal values only, before ``g`` is touched, so unzipping can move it to the primal side.
* J2. Tangents are *symbolic zeros* (``None``) until something non-zero flows in: integer and bool
  values, constants and ``floor``/``ceil`` never get a tangent binding. A zero that must exist (an
  output's tangent) is ``broadcast_to(const 0)``, which the linearity check knows is zero.
* J3. A value's tangent has the value's type (dtype and symbolic shape), so the tangent program
  is typed by the same rules as the primal one.
"""

from __future__ import annotations

from typing import Callable

from .. import graph as G
from ..loops import FLOAT_DTYPES
from .emit import ADError, Emitter, Term, names_of

__all__ = ["TANGENTS", "jvp", "is_float"]

Rule = Callable[..., Term]   # (g, a, y, at) -> the contribution of g to y's tangent


def _same(op: str) -> Rule:
    """The tangent of a linear op is the op itself, applied to the tangent."""
    return lambda g, a, y, at: g.op(op, **at)


def _reduce_extremum(g: Term, a, y: Term, at) -> Term:
    # Ties share the tangent equally (JAX's reduce_max JVP, `_reduce_chooser_jvp_rule`).
    x, axes = a[0], at["axes"]
    kept = y if at.get("keepdims") else y.reshape(tuple(1 if i in axes else d for i, d in enumerate(x.type.shape)))
    hits = x.op("equal", kept).cast_like(x)
    weights = hits / hits.op("sum", axes=axes, keepdims=True)
    return (g * weights).op("sum", **at)


def _mean(g: Term, a, y: Term, at) -> Term:
    return g.op("sum", **at) * (1.0 / a[0].count(at["axes"]))


def _sign(x: Term) -> Term:
    return x.op("greater", 0.0).cast_like(x) - x.op("less", 0.0).cast_like(x)


ZERO = None   # no tangent flows through this operand

TANGENTS: dict[str, tuple[Rule | None, ...]] = {
    "add": (lambda g, a, y, at: g, lambda g, a, y, at: g),
    "sub": (lambda g, a, y, at: g, lambda g, a, y, at: -g),
    "mul": (lambda g, a, y, at: g * a[1], lambda g, a, y, at: a[0] * g),
    "div": (lambda g, a, y, at: g / a[1], lambda g, a, y, at: g * (-y / a[1])),
    "maximum": (lambda g, a, y, at: g * a[0].op("greater_equal", a[1]).cast_like(y),
                lambda g, a, y, at: g * a[0].op("less", a[1]).cast_like(y)),
    "minimum": (lambda g, a, y, at: g * a[0].op("less_equal", a[1]).cast_like(y),
                lambda g, a, y, at: g * a[0].op("greater", a[1]).cast_like(y)),
    "pow": (lambda g, a, y, at: g * (a[1] * a[0].op("pow", a[1] - 1.0)),
            lambda g, a, y, at: g * (y * a[0].op("log"))),
    "neg": (_same("neg"),),
    "exp": (lambda g, a, y, at: g * y,),
    "log": (lambda g, a, y, at: g / a[0],),
    "sin": (lambda g, a, y, at: g * a[0].op("cos"),),
    "cos": (lambda g, a, y, at: g * -a[0].op("sin"),),
    "tan": (lambda g, a, y, at: g * (1.0 + y * y),),
    "tanh": (lambda g, a, y, at: g * (1.0 - y * y),),
    "sqrt": (lambda g, a, y, at: g * (0.5 / y),),
    "log1p": (lambda g, a, y, at: g / (a[0] + 1.0),),
    "expm1": (lambda g, a, y, at: g * (y + 1.0),),
    "abs": (lambda g, a, y, at: g * _sign(a[0]),),
    "floor": (ZERO,),
    "ceil": (ZERO,),
    "where": (ZERO, lambda g, a, y, at: g.select(a[0], True), lambda g, a, y, at: g.select(a[0], False)),
    "cast": (lambda g, a, y, at: g.op("cast", **at) if at["dtype"] in FLOAT_DTYPES else None,),
    "broadcast_to": (_same("broadcast_to"),),
    "sum": (_same("sum"),),
    "mean": (_mean,),
    "max": (_reduce_extremum,),
    "min": (_reduce_extremum,),
    "matmul": (lambda g, a, y, at: g @ a[1], lambda g, a, y, at: a[0] @ g),
    "transpose": (_same("transpose"),),
    "reshape": (_same("reshape"),),
    "slice": (_same("slice"),),
    "pad": (_same("pad"),),
}
"""Per op, per operand: the tangent rule. Ops not listed (comparisons, ``const``) have no tangent."""


def is_float(t: G.Type) -> bool:
    return type(t) is G.TensorType and t.dtype in FLOAT_DTYPES


def jvp(f: G.Function) -> tuple[G.Function, int]:
    """``f`` (inlined: no calls) -> ``(f_jvp, n_outputs)``: ``f_jvp`` takes ``f``'s parameters and
    then one tangent per floating-point parameter, and returns ``f``'s outputs followed by their
    tangents (one tuple; ``n_outputs`` outputs of each)."""
    em = Emitter(names_of(f))
    tangent: dict = {}   # primal Name -> tangent Term (absent: a symbolic zero, J2)
    tparams = []
    for p in f.params:
        if is_float(p.type):
            d = em.fresh("d" + p.name.hint)
            tparams.append(G.Param(d, p.type))
            tangent[p.name] = Term(em, d, p.type)
    terms = {p.name: Term(em, p.name, p.type) for p in f.params}
    outputs: tuple = (f.body.result,)
    for b in f.body.bindings:
        v = b.value
        if type(v) is G.MakeTuple and b.var == f.body.result:
            outputs = v.items
            continue
        if type(v) is not G.OpCall:
            raise ADError(f"@{f.name}: cannot differentiate %{b.var.hint} = {type(v).__name__} "
                          "(differentiate an inlined function of graph ops)")
        em.bind(b.var, b.type, v)
        y = terms[b.var] = Term(em, b.var, b.type)
        if not is_float(b.type) or not any(a in tangent for a in v.args):
            continue
        rules = TANGENTS.get(v.op)
        if rules is None:
            raise ADError(f"@{f.name}: no tangent rule for {v.op} (%{b.var.hint})")
        primals, attrs, start = tuple(terms[a] for a in v.args), dict(v.attrs), len(em.bindings)
        parts = [rule(tangent[a], primals, y, attrs) for a, rule in zip(v.args, rules)
                 if rule is not None and a in tangent]
        parts = [p for p in parts if p is not None]
        if parts:
            total = parts[0]
            for part in parts[1:]:
                total = total + part     # fan-in of tangents is a sum
            tangent[b.var] = em.named(total.broadcast_to(b.type.shape), "d" + b.var.hint, start)
    douts = []
    for out in outputs:
        t = terms[out].type if out in terms else None
        if not is_float(t):
            raise ADError(f"@{f.name}: output %{out.hint} is not a floating-point tensor")
        douts.append((tangent.get(out) or em.zeros(t)).name)
    result = em.fresh("jvp")
    types = [terms[o].type for o in outputs]
    body = G.Block((*em.bindings, G.Binding(result, G.TupleType((*types, *types)),
                                           G.MakeTuple((*outputs, *douts)))), result)
    fn = G.Function(f"{f.name}_jvp", f.shape_params, (*f.params, *tparams), G.TupleType((*types, *types)), body)
    return fn, len(outputs)

