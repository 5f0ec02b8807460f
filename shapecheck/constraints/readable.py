"""Predicates rewritten to read as a person would state them, for display only.

Requirements come out of the analysis in the form the failing operation checked:
``view(B, T, h, C // h)`` on a ``(B, T, C)`` tensor requires ``B*T*C == B*T*h*(C//h)``. What that
says is ``C % h == 0``. :func:`readable` rewrites a comparison by two identities:

* a common factor of both sides cancels (``g*x == g*y`` iff ``x == y``; also under ``<=``/``<``):
  ``g`` is a positive integer times size symbols, which the signatures take as at least 1 (as every
  "holds whenever the dims are non-empty" question does);
* ``x - k*(x//k)`` is ``x % k`` (Python's floor division: ``x == k*(x//k) + x%k``), so a difference
  ``A'*x + R - ... `` that is ``-A' * (x % k)`` for a non-zero monomial ``A'`` is zero exactly when
  ``x % k == 0`` (a divisibility).

Both are exact identities under their stated conditions, so the rewritten predicate means the same
as the original; what does not match is returned unchanged. Nothing here asks a solver.

>>> from .dims import sym, mul, floordiv
>>> B, C, h = sym("B"), sym("C"), sym("h")
>>> from .predicates import eq
>>> readable(eq(mul(B, C), mul(mul(B, h), floordiv(C, h)))).show()
'C%h == 0'
"""

from __future__ import annotations

from math import gcd

from . import dims as D
from .dims import Dim, Expr, Op, Sym
from .predicates import Pred, conj, disj, eq, le, lt, ne, negate

_COMPARE = {"eq": eq, "ne": ne, "le": le, "lt": lt}


def readable(p: Pred) -> Pred:
    """``p`` with common factors cancelled and ``x == k*(x//k)`` written ``x % k == 0``."""
    k = p.kind
    if k in _COMPARE:
        a, b = p.args
        a, b = _cancelled(a, b)
        if k in ("eq", "ne"):
            divisible = _divisibility(D.sub(a, b))
            if divisible is not None:
                return _COMPARE[k](divisible, 0)
        return _COMPARE[k](a, b)
    if k == "and":
        return conj(readable(x) for x in p.args)
    if k == "or":
        return disj(readable(x) for x in p.args)
    if k == "not":
        return negate(readable(p.args[0]))
    return p


def _cancelled(a: Dim, b: Dim) -> tuple[Dim, Dim]:
    """``a/g, b/g`` for the largest positive monomial ``g`` of size symbols dividing both."""
    terms = [t for d in (a, b) if type(d) is Expr for t in d.terms]
    constants = [d if type(d) is int else d.constant for d in (a, b)]
    if not terms or any(constants):
        content = gcd(*[abs(c) for _, c in terms], *[abs(c) for c in constants])
        g: Dim = content if content > 1 else 1
    else:
        # size symbols only: an opaque atom (``C//h``) or a signed symbol may be 0 or negative
        atoms = [x for x in D.shared_atoms([m for m, _ in terms]) if type(x) is Sym and not D.is_signed(x.name)]
        content = gcd(*[abs(c) for _, c in terms])
        g = D.product([content] + [D.sym(x.name) for x in atoms])
    if g == 1:
        return a, b
    qa, qb = _quotient(a, g), _quotient(b, g)
    return (qa, qb) if qa is not None and qb is not None else (a, b)


def _quotient(d: Dim, g: Dim) -> Dim | None:
    """``d / g`` when exact, else None."""
    if type(g) is int:
        if type(d) is int:
            return d // g if d % g == 0 else None
        exact = all(c % g == 0 for _, c in d.terms) and d.constant % g == 0
        return D.floordiv(d, g) if exact else None
    return 0 if d == 0 else D.exact_quotient(d, g)


def _divisibility(difference: Dim) -> Dim | None:
    """``x % k`` when ``difference == -A' * (x % k)`` for a floor quotient ``x//k`` in it and a
    non-zero monomial ``A'`` (so ``difference == 0`` iff ``x % k == 0``); else None."""
    if type(difference) is not Expr:
        return None
    for quotient in sorted({x for m, _ in difference.terms for x in m if type(x) is Op and x.kind == "floordiv"},
                           key=D.atom_key):
        x, k = quotient.args
        coefficient: Dim = 0      # A: difference == A*(x//k) + R
        rest: Dim = difference.constant
        for monomial, c in difference.terms:
            if monomial.count(quotient) == 1:
                others = list(monomial)
                others.remove(quotient)
                coefficient = D.add(coefficient, _term(tuple(others), c))
            elif quotient in monomial:
                break         # (x//k)**2: not linear in the quotient
            else:
                rest = D.add(rest, _term(monomial, c))
        else:
            scaled = _quotient(coefficient, k)
            if scaled is None or not _nonzero_monomial(scaled):
                continue
            if D.add(D.mul(scaled, x), rest) == 0:
                return D.mod(x, k)
    return None


def _term(monomial: tuple, c: int) -> Dim:
    """One term ``c * monomial`` as a dim (a sub-tuple of a sorted monomial is still sorted)."""
    return Expr(((monomial, c),)) if monomial else c


def _nonzero_monomial(d: Dim) -> bool:
    """A non-zero constant times size symbols (each at least 1): never zero."""
    if type(d) is int:
        return d != 0
    if d.constant or len(d.terms) != 1:
        return False
    (monomial, _), = d.terms
    return all(type(x) is Sym and not D.is_signed(x.name) for x in monomial)


__all__ = ["readable"]
