"""Boolean facts and requirements over dims, simplified on construction.

Constructors fold whatever normalisation can decide (``eq(3, 4)`` is ``FALSE``, ``eq(n+1, n+1)`` is
``TRUE``), so concrete code never reaches the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from .derived import Kept, cached_hash, keep_symbols
from .dims import ByZero, Dim, degree, division_depth, evaluate, free_symbols, show, substitute


@dataclass(frozen=True, slots=True)
class Pred(Kept):
    """``kind`` is one of: "true", "false", "eq", "ne", "le", "lt", "and", "or", "not". Its hash and
    symbols are kept on it once computed (derived.py)."""

    kind: str
    args: tuple = ()
    __hash__ = cached_hash("kind", "args")

    def show(self, names: Mapping[str, str] | None = None) -> str:
        k = self.kind
        if k in ("true", "false"):
            return k
        if k in _CMP_TEXT:
            a, b = self.args
            return f"{show(a, names)} {_CMP_TEXT[k]} {show(b, names)}"
        if k == "not":
            return f"not ({self.args[0].show(names)})"
        joiner = " and " if k == "and" else " or "
        return joiner.join(f"({p.show(names)})" if p.kind in ("and", "or") else p.show(names)
                           for p in self.args)


_CMP_TEXT = {"eq": "==", "ne": "!=", "le": "<=", "lt": "<"}

TRUE = Pred("true")
FALSE = Pred("false")


def _diff_const(a: Dim, b: Dim) -> int | None:
    """``a - b`` when it is a constant, else None. Read off the normal forms, without building the
    difference (every comparison a rule states asks this; issue 11): a polynomial minus another is
    constant exactly when every monomial cancels, that is when both map each monomial to the same
    coefficient (an ``Expr`` has at least one term, so an int minus one is never constant)."""
    if type(a) is int:
        return a - b if type(b) is int else None
    if type(b) is int:
        return None
    if a.terms == b.terms or (len(a.terms) == len(b.terms) and dict(a.terms) == dict(b.terms)):
        return a.constant - b.constant
    return None


def eq(a: Dim, b: Dim) -> Pred:
    if a == b:
        return TRUE
    d = _diff_const(a, b)
    if d is not None:
        return TRUE if d == 0 else FALSE
    return Pred("eq", (a, b))


def ne(a: Dim, b: Dim) -> Pred:
    return negate(eq(a, b))


def le(a: Dim, b: Dim) -> Pred:
    d = _diff_const(a, b)
    if d is not None:
        return TRUE if d <= 0 else FALSE
    return Pred("le", (a, b))


def lt(a: Dim, b: Dim) -> Pred:
    d = _diff_const(a, b)
    if d is not None:
        return TRUE if d < 0 else FALSE
    return Pred("lt", (a, b))


def ge(a: Dim, b: Dim) -> Pred:
    return le(b, a)


def gt(a: Dim, b: Dim) -> Pred:
    return lt(b, a)


def conj(preds: Iterable[Pred]) -> Pred:
    items: list[Pred] = []
    for p in preds:
        if p.kind == "false":
            return FALSE
        if p.kind == "true":
            continue
        items.extend(p.args if p.kind == "and" else (p,))
    if not items:
        return TRUE
    return items[0] if len(items) == 1 else Pred("and", tuple(dict.fromkeys(items)))


def disj(preds: Iterable[Pred]) -> Pred:
    items: list[Pred] = []
    for p in preds:
        if p.kind == "true":
            return TRUE
        if p.kind == "false":
            continue
        items.extend(p.args if p.kind == "or" else (p,))
    if not items:
        return FALSE
    return items[0] if len(items) == 1 else Pred("or", tuple(dict.fromkeys(items)))


def negate(p: Pred) -> Pred:
    k = p.kind
    if k == "true":
        return FALSE
    if k == "false":
        return TRUE
    if k == "eq":
        return Pred("ne", p.args)
    if k == "ne":
        return Pred("eq", p.args)
    if k == "le":
        return Pred("lt", (p.args[1], p.args[0]))
    if k == "lt":
        return Pred("le", (p.args[1], p.args[0]))
    if k == "not":
        return p.args[0]
    if k == "and":
        return disj(negate(x) for x in p.args)
    if k == "or":
        return conj(negate(x) for x in p.args)
    raise ValueError(k)


def pred_symbols(p: Pred) -> frozenset[str]:
    try:
        return p._symbols
    except AttributeError:
        pass
    if p.kind in _CMP_TEXT:
        return keep_symbols(p, free_symbols(p.args[0]) | free_symbols(p.args[1]))
    out: frozenset[str] = frozenset()
    for x in p.args:
        out |= pred_symbols(x)
    return keep_symbols(p, out)


def pred_division_depth(p: Pred) -> int:
    """How deep divisions by unknowns nest in ``p``'s dims (dims.division_depth)."""
    if p.kind in _CMP_TEXT:
        return max(division_depth(p.args[0]), division_depth(p.args[1]))
    return max((pred_division_depth(x) for x in p.args), default=0)


def pred_degree(p: Pred) -> int:
    """The highest total degree of a dim of ``p`` (dims.degree: ``a*b*c`` is 3)."""
    if p.kind in _CMP_TEXT:
        return max(degree(p.args[0]), degree(p.args[1]))
    return max((pred_degree(x) for x in p.args), default=0)


def map_pred(p: Pred, dim: Callable[[Dim], Dim], inner: Callable[[Pred], Pred] | None = None) -> Pred:
    """``p`` with ``dim`` applied to each of its dims (renormalised: ``eq(3, 3)`` is TRUE); ``inner``
    maps its parts (default: the same map)."""
    k = p.kind
    if k in _CMP_TEXT:
        a, b = (dim(x) for x in p.args)
        return {"eq": eq, "ne": ne, "le": le, "lt": lt}[k](a, b)
    part = inner or (lambda q: map_pred(q, dim))
    if k == "and":
        return conj(part(x) for x in p.args)
    if k == "or":
        return disj(part(x) for x in p.args)
    if k == "not":
        return negate(part(p.args[0]))
    return p


def substitute_pred(p: Pred, mapping: Mapping[str, Dim]) -> Pred:
    if mapping.keys().isdisjoint(pred_symbols(p)):
        return p
    return map_pred(p, lambda d: substitute(d, mapping), lambda q: substitute_pred(q, mapping))


def evaluate_pred(p: Pred, values: Mapping[str, int], by_zero: ByZero | None = None) -> bool:
    """The truth of ``p`` when every symbol has a value (ZeroDivisionError/KeyError propagate; a
    division by 0 gives what ``by_zero`` says, when given: dims.ByZero)."""
    k = p.kind
    if k == "true":
        return True
    if k == "false":
        return False
    if k in _CMP_TEXT:
        a, b = (evaluate(x, values, by_zero) for x in p.args)
        return a == b if k == "eq" else a != b if k == "ne" else a <= b if k == "le" else a < b
    if k == "and":
        return all(evaluate_pred(x, values, by_zero) for x in p.args)
    if k == "or":
        return any(evaluate_pred(x, values, by_zero) for x in p.args)
    if k == "not":
        return not evaluate_pred(p.args[0], values, by_zero)
    raise ValueError(k)
