"""Transposition of linear programs: ``f(r, x) = A_r x`` becomes ``f_T(r, ct) = A_r^T ct``.

Each linear primitive's transpose rule is one row of :data:`TRANSPOSES`: per operand, the
cotangent that operand receives from the output's cotangent ``ct``, given the operands ``a``
(only the non-linear ones are read as values; every operand's *type* may be) and the attributes
``at`` (JAX's ``deflinear``/``primitive_transposes``; Radul et al., "You Only Linearize Once",
POPL 2023, section 6). A contribution is then summed down to its operand's shape
(``Term.sum_to``: the transpose of NumPy's implicit broadcasting).

The program runs backwards: its non-linear bindings (coefficients, recomputed residuals) first,
in order; then the linear bindings in reverse, each turning its output's cotangent into its
operands'. A value read twice (fan-out) receives two contributions, and their sum is its
cotangent (fan-out transposes to addition). A linear input nothing reaches gets a zero.

Invariants:

* T1. ``transpose(lf)`` is linear in its cotangent parameters (``check_linear``, debug mode) and
  keeps ``lf``'s residual parameters (same names, same order) in front of them.
* T2. ``<lf(r, x), y> == <x, transpose(lf)(r, y)>`` (the dot-product test) and
  ``transpose(transpose(lf))`` computes ``lf``: property-tested on random linear programs.
"""

from __future__ import annotations

from typing import Callable

from shapecheck.subst import checks_enabled, free_vars

from .. import graph as G
from .emit import ADError, Emitter, Term, names_of
from .linearity import LinearFunction, check_linear, sorts

__all__ = ["TRANSPOSES", "transpose"]

Rule = Callable[..., Term]   # (ct, a, at) -> the operand's cotangent (before summing to its shape)


def _unreduce(ct: Term, a, at) -> Term:
    """The transpose of ``sum``: the cotangent broadcast back over the summed axes."""
    x = a[0].type.shape
    kept = ct if at.get("keepdims") else ct.reshape(tuple(1 if i in at["axes"] else d for i, d in enumerate(x)))
    return kept.broadcast_to(x)


def _inverse(axes: tuple) -> tuple:
    out = [0] * len(axes)
    for i, a in enumerate(axes):
        out[a] = i
    return tuple(out)


def _matmul(which: int) -> Rule:
    """``ct_a = ct @ b^T`` and ``ct_b = a^T @ ct``, with NumPy's rank-1 operands promoted to
    matrices (and batch broadcasting undone by ``sum_to``)."""
    def rule(ct: Term, a, at) -> Term:
        x, y = a
        k = x.type.shape[-1]
        shape = list(ct.type.shape)
        if y.type.rank == 1:
            shape.append(1)
        if x.type.rank == 1:
            shape.insert(len(shape) - 1, 1)
        c = ct.reshape(tuple(shape))
        if which == 0:
            y2 = y if y.type.rank >= 2 else y.reshape((k, 1))
            promoted = x.type.shape if x.type.rank >= 2 else (1, k)
            return (c @ y2.swap_last()).sum_to(promoted).reshape(x.type.shape)
        x2 = x if x.type.rank >= 2 else x.reshape((1, k))
        promoted = y.type.shape if y.type.rank >= 2 else (k, 1)
        return (x2.swap_last() @ c).sum_to(promoted).reshape(y.type.shape)
    return rule


TRANSPOSES: dict[str, tuple[Rule | None, ...]] = {
    "add": (lambda ct, a, at: ct, lambda ct, a, at: ct),
    "sub": (lambda ct, a, at: ct, lambda ct, a, at: -ct),
    "neg": (lambda ct, a, at: -ct,),
    "mul": (lambda ct, a, at: ct * a[1], lambda ct, a, at: a[0] * ct),
    "div": (lambda ct, a, at: ct / a[1], None),
    "where": (None, lambda ct, a, at: ct.select(a[0], True), lambda ct, a, at: ct.select(a[0], False)),
    "matmul": (_matmul(0), _matmul(1)),
    "cast": (lambda ct, a, at: ct.op("cast", dtype=a[0].type.dtype),),
    "broadcast_to": (lambda ct, a, at: ct,),
    "sum": (_unreduce,),
    "mean": (lambda ct, a, at: _unreduce(ct * (1.0 / a[0].count(at["axes"])), a, at),),
    "transpose": (lambda ct, a, at: ct.op("transpose", axes=_inverse(at["axes"])),),
    "reshape": (lambda ct, a, at: ct.reshape(a[0].type.shape),),
    "slice": (lambda ct, a, at: ct.op("pad", begin=at["begin"], step=at["step"], shape=a[0].type.shape),),
    "pad": (lambda ct, a, at: ct.op("slice", begin=at["begin"], step=at["step"], size=a[0].type.shape),),
}
"""Per linear op, per operand that may be linear: its transpose rule (``None``: never linear)."""


def transpose(lf: LinearFunction) -> LinearFunction:
    """``lf(r..., x...) -> y`` (or a tuple of ``y`` s) to ``lf_T(r..., ct_y...) -> ct_x`` (a
    tuple when ``lf`` has several linear parameters)."""
    f = lf.function
    sort = sorts(lf)
    em = Emitter(names_of(f))
    terms = {p.name: Term(em, p.name, p.type) for p in f.params}
    bindings, results = list(f.body.bindings), [f.body.result]
    if bindings and bindings[-1].var == f.body.result and type(bindings[-1].value) is G.MakeTuple:
        results, bindings = list(bindings[-1].value.items), bindings[:-1]
    linear = []
    for b in bindings:
        terms[b.var] = Term(em, b.var, b.type)
        if sort[b.var] == "linear":
            if type(b.value) is not G.OpCall:
                raise ADError(f"@{f.name}: cannot transpose %{b.var.hint} = {type(b.value).__name__}")
            linear.append(b)
        else:
            em.bind(b.var, b.type, b.value)
    cts: dict = {}

    def accumulate(name, contribution: Term) -> None:
        if name not in cts:
            cts[name] = contribution
        else:   # the sum is new: nothing reads it yet
            cts[name] = em.named(cts[name] + contribution, "ct_" + name.hint, len(em.bindings) - 1)

    ct_params = []
    for r in results:
        p = G.Param(em.fresh("ct_" + r.hint), terms[r].type)
        ct_params.append(p)
        if sort[r] == "linear":
            accumulate(r, Term(em, p.name, p.type))
    for b in reversed(linear):
        ct = cts.pop(b.var, None)
        if ct is None:
            continue    # nothing reads this value: its cotangent is zero
        v = b.value
        args, attrs = tuple(terms[a] for a in v.args), dict(v.attrs)
        for a, rule in zip(v.args, TRANSPOSES[v.op]):
            if sort[a] == "linear":
                accumulate(a, rule(ct, args, attrs).sum_to(terms[a].type.shape))
    outs = [cts[p.name] if p.name in cts else em.zeros(p.type) for p in lf.linear_params]
    params = (*lf.residual_params, *ct_params)
    bound = set().union(*(free_vars(p.type) for p in params))
    if any(n not in bound for n in f.shape_params):
        raise ADError(f"@{f.name}: a shape variable is bound only by linear parameters; pass a residual "
                      "of that shape (unzip does)")
    fn = em.function(f"{f.name}_T", f.shape_params, params, outs, "cts")
    out = LinearFunction(fn, lf.residuals)
    if checks_enabled():
        check_linear(out)
    return out
