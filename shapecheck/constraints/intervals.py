"""Sign and interval reasoning: the shape questions that bounds alone settle, before any sampling or Z3.

Every symbol is a size or a count (``>= 0``) unless it is signed (``dims.is_signed``); facts of the
form ``c <= n``, ``n <= c``, ``n == c`` narrow that range. From the symbols' ranges, interval
arithmetic bounds every dim (a polynomial over symbols and ``//``, ``%``, ``min``, ``max`` atoms),
which proves ``a <= b`` when ``a - b`` is at most 0, ``a != b`` when ``a - b`` excludes 0, and so on.
A product is 0 exactly when one of its factors is, so ``b*h*(d%2) == 0`` with ``b, h >= 1`` is the
question ``d%2 == 0``: that form is compared with the facts as they stand (a requirement that *is*
a fact, or one of whose alternatives is, holds).

:func:`holds` answers HOLDS: it needs no witness and no unsat core, so the answer cannot differ
from Z3's except where the facts contradict each other (unreachable code), where Z3 says UNKNOWN and
nothing is reported either way. :func:`refuting` proves the negation and names the facts it took,
for a FAILS that the solver gives only once it holds a model of the facts (so they are consistent,
as Z3 checks of its core); SOMETIMES, with its witnesses, is left to the solver's sampling and to Z3. Interval arithmetic: Moore, *Interval Analysis* (1966);
the floor-division and modulo bounds are Python's (``divmod`` with a positive divisor).
"""

from __future__ import annotations

from functools import lru_cache
from math import inf
from typing import Iterable, Mapping, Sequence

from .dims import Dim, Expr, Op, Sym, free_symbols, is_signed, mul, sub, substitute
from .predicates import Pred, negate

Interval = tuple[float, float]   # ints, or -inf / inf for an open end

_ANY: Interval = (-inf, inf)


def symbol_ranges(facts: Iterable[Pred]) -> dict[str, Interval]:
    """The range of each symbol that a fact bounds by a constant (``1 <= n``, ``n <= 8``, ``n == 3``)."""
    ranges: dict[str, Interval] = {}
    for pred in facts:
        for item in pred.args if pred.kind == "and" else (pred,):
            if item.kind in ("le", "lt", "eq"):
                bound = _symbol_bound(item)
                if bound is not None:
                    name, (lo, hi) = bound
                    old_lo, old_hi = ranges.get(name) or _default(name)
                    ranges[name] = (max(old_lo, lo), min(old_hi, hi))
    return ranges


@lru_cache(maxsize=1 << 15)
def _symbol_bound(pred: Pred) -> tuple[str, Interval] | None:
    """The range one comparison gives its symbol by itself (``1 <= n``: ``(n, (1, inf))``), or None
    when it is no bound of one symbol by a constant. Ranges are the intersection of these, so each
    fact is read once, not once per question that holds it: a proof by cases builds the ranges of
    each case after each rewrite (cases.py), and diffusers' transformer_sana_wm.py read its facts
    ~60,000 times that way (issue 11, stop 33)."""
    # a <= b  <=>  b - a >= 0 (lt: >= 1); interesting when b - a is (+/-)n + c
    diff = sub(pred.args[1], pred.args[0])
    if type(diff) is not Expr or len(diff.terms) != 1:
        return None
    (monomial, coeff), = diff.terms
    if len(monomial) != 1 or type(monomial[0]) is not Sym or coeff not in (1, -1):
        return None
    least = -diff.constant + (1 if pred.kind == "lt" else 0)   # coeff * n >= least
    if pred.kind == "eq":
        value = -diff.constant * coeff
        return monomial[0].name, (value, value)
    return monomial[0].name, ((least, inf) if coeff == 1 else (-inf, -least))


def polynomial_ranges(facts: Iterable[Pred]) -> dict[tuple, Interval]:
    """The range of each polynomial of more than one symbol that a fact bounds by a constant
    (``1 <= (l-1)//2 + 1``: ``(l-1)//2 >= 0``; ``1 <= p*(h//p) - k + 3``: ``p*(h//p) - k >= -2``),
    keyed by its terms with the first coefficient positive (``polynomial_key``): a fact's bound on
    what a symbol's range cannot say (the out size of one conv is the in size of the next)."""
    ranges: dict[tuple, Interval] = {}
    for pred in facts:
        for item in pred.args if pred.kind == "and" else (pred,):
            if item.kind in ("le", "lt", "eq"):
                bound = _polynomial_bound(item)
                if bound is not None:
                    key, (lo, hi) = bound
                    old_lo, old_hi = ranges.get(key, _ANY)
                    ranges[key] = (max(lo, old_lo), min(hi, old_hi))
    return ranges


@lru_cache(maxsize=1 << 15)
def _polynomial_bound(pred: Pred) -> tuple[tuple, Interval] | None:
    """The range one comparison gives a polynomial of more than one symbol by itself, keyed as in
    :func:`polynomial_ranges` (read once per fact, as :func:`_symbol_bound`)."""
    diff = sub(pred.args[1], pred.args[0])   # >= 0 (lt: >= 1; eq: == 0)
    if type(diff) is not Expr or _single_symbol(diff):
        return None
    key, sign = polynomial_key(diff)
    least = -diff.constant + (1 if pred.kind == "lt" else 0)   # sign * polynomial >= least
    bound = (least, least if pred.kind == "eq" else inf)
    return key, (bound if sign > 0 else (-bound[1], -bound[0]))


def polynomial_key(d: Expr) -> tuple[tuple, int]:
    """``d`` without its constant, as terms whose first coefficient is positive, and the sign
    that takes ``d``'s terms there."""
    if d.terms[0][1] > 0:
        return d.terms, 1
    return tuple((monomial, -coeff) for monomial, coeff in d.terms), -1


def _single_symbol(d: Expr) -> bool:
    (monomial, coeff), = d.terms if len(d.terms) == 1 else ((None, 0),)
    return monomial is not None and len(monomial) == 1 and type(monomial[0]) is Sym and coeff in (1, -1)


def _default(name: str) -> Interval:
    return _ANY if is_signed(name) else (0, inf)


def _times(x: float, y: float) -> float:
    if x == 0 or y == 0:
        return 0   # 0 * inf is 0 here: a zero factor wins
    try:
        return x * y
    except OverflowError:   # an infinite bound times an int past a float's range (10**400)
        return inf if (x > 0) == (y > 0) else -inf


def _plus(x: float, y: float) -> float:
    """``x + y`` where one may be an infinite bound and the other an int past a float's range (a
    fuzzed ``(n - 10**100) ** 4``), which Python refuses to add: the infinite bound wins."""
    try:
        return x + y
    except OverflowError:
        return x if type(x) is float else y


def _mul(a: Interval, b: Interval) -> Interval:
    ends = [_times(x, y) for x in a for y in b]
    return min(ends), max(ends)


def interval(d: Dim, ranges: Mapping, seen: dict | None = None) -> Interval:
    """Bounds on ``d`` for every value of its symbols within ``ranges`` (default ``>= 0``), and
    within the bounds ``ranges`` gives polynomials (``polynomial_ranges``), if any."""
    if type(d) is int:
        return d, d
    if seen is None:
        # an atom's bounds once per question: a product of sums of divisions expands into
        # monomials that share their atoms, which a walk of the tree visits once per monomial
        # (diffusers' upfirdn2d: 457,000 products for 504 dims)
        seen = {}
    lo = hi = d.constant
    for monomial, coeff in d.terms:
        term: Interval = (coeff, coeff)
        for atom in monomial:
            bounds = seen.get(atom)
            if bounds is None:
                bounds = seen[atom] = _atom(atom, ranges, seen)
            term = _mul(term, bounds)
        lo, hi = _plus(lo, term[0]), _plus(hi, term[1])
    if _POLYNOMIALS in ranges:
        key, sign = polynomial_key(d)
        known = ranges.get(key)
        if known is not None:
            known_lo, known_hi = known if sign > 0 else (-known[1], -known[0])
            lo, hi = max(lo, _plus(known_lo, d.constant)), min(hi, _plus(known_hi, d.constant))
    return lo, hi


#: In a ``ranges`` mapping: it holds polynomial bounds too (``polynomial_ranges``).
_POLYNOMIALS = ("polynomials",)


def _atom(atom: Sym | Op, ranges: Mapping[str, Interval], seen: dict | None = None) -> Interval:
    if type(atom) is Sym:
        return ranges.get(atom.name) or _default(atom.name)
    (alo, ahi), (blo, bhi) = (interval(x, ranges, seen) for x in atom.args)
    if atom.kind == "min":
        return min(alo, blo), min(ahi, bhi)
    if atom.kind == "max":
        return max(alo, blo), max(ahi, bhi)
    if blo < 1:   # a divisor that may be 0 or negative: no bound worth the case analysis
        return _ANY
    if atom.kind == "mod":   # Python: 0 <= a % b < b for b > 0, and a % b <= a for a >= 0
        return 0, (min(bhi - 1, ahi) if alo >= 0 else bhi - 1)
    # a // b grows with a, and for b > 0 it is least at the least b when a < 0, at the most b
    # when a >= 0 (and the other way round for the greatest)
    lo = (alo // blo if alo != -inf else -inf) if alo < 0 else (alo // bhi if bhi != inf else 0)
    hi = (ahi // blo if ahi != inf else inf) if ahi >= 0 else (ahi // bhi if bhi != inf else -1)
    return lo, hi


def nonzero_part(d: Dim, ranges: Mapping[str, Interval]) -> Dim:
    """``d`` without the factors that cannot be 0, when ``d`` is one product: ``d == 0`` exactly
    when what is returned is 0 (``b*h*(x%2)`` with ``b, h >= 1`` gives ``x%2``)."""
    if type(d) is not Expr or d.constant or len(d.terms) != 1:
        return d
    (monomial, _), = d.terms
    kept: Dim = 1
    for atom in monomial:
        lo, hi = _atom(atom, ranges)
        if lo <= 0 <= hi:
            kept = mul(kept, Expr((((atom,), 1),), 0))
    return kept


def holds(requirement: Pred, facts: Iterable[Pred]) -> bool:
    """Whether bounds and the facts as written prove ``requirement`` (False: cannot tell here)."""
    facts = tuple(facts)
    last = _LAST[0]
    if last is not None and last[0] == facts:
        return last[1].holds(requirement)
    prover = _Prover(facts)
    _LAST[0] = (facts, prover)
    return prover.holds(requirement)


def refuting(requirement: Pred, facts: Sequence[Pred]) -> tuple[int, ...] | None:
    """The positions of facts that bounds show contradict ``requirement`` (they imply its
    negation), none of them superfluous; None when bounds cannot show it. With facts known to be
    consistent (a model of them), that is Z3's FAILS with those facts as its unsat core, found
    without Z3: a loop's ``0 <= i < 8`` against a branch's ``8 <= i`` took timm 44 Z3 questions,
    ~30 ms each (issue 11). Each fact is dropped in turn while the rest still prove it, so the
    core is minimal and a function of the question as asked (its facts' order)."""
    denial = negate(requirement)
    if not holds(denial, facts):
        return None
    kept = list(range(len(facts)))
    for position in range(len(facts)):
        trial = [j for j in kept if j != position]
        if _Prover(tuple(facts[j] for j in trial)).holds(denial):
            kept = trial
    return tuple(kept)


#: The last facts asked about and their prover: a proof by cases asks of one case's facts once per
#: comparison it cancels or orders (cases.py), each of which built the same ranges again.
_LAST: list = [None]


class _Prover:
    """One question's facts: their symbol ranges, and (made when first needed) their canonical forms."""

    def __init__(self, facts: tuple[Pred, ...]):
        self.facts = set(facts)
        for f in facts:
            if f.kind == "and":
                self.facts.update(f.args)
        self.ranges = symbol_ranges(facts)
        polynomials = polynomial_ranges(facts)
        if polynomials:
            self.ranges.update(polynomials)
            self.ranges[_POLYNOMIALS] = _ANY
        self._canonical: set[Pred] | None = None
        self._canonical_bounds: set[Dim] | None = None
        self._bounds: dict | None = None

    def known(self, pred: Pred) -> bool:
        if pred in self.facts:
            return True
        if pred.kind in ("le", "lt"):
            if self._canonical_bounds is None:
                self._canonical_bounds = {_slack(f) for f in self.facts if f.kind in ("le", "lt")}
            return _slack(pred) in self._canonical_bounds
        if pred.kind not in ("eq", "ne"):
            return False
        if self._canonical is None:
            self._canonical = {_canonical(f, self.ranges) for f in self.facts if f.kind in ("eq", "ne")}
        return _canonical(pred, self.ranges) in self._canonical

    def holds(self, pred: Pred) -> bool:
        k = pred.kind
        if k == "true" or pred in self.facts:
            return True
        if k == "and":
            return all(self.holds(x) for x in pred.args)
        if k == "or":
            return any(self.holds(x) for x in pred.args)
        if k not in ("eq", "ne", "le", "lt"):
            return False
        diff = sub(pred.args[0], pred.args[1])
        lo, hi = interval(diff, self.ranges)
        if (hi <= 0 if k == "le" else hi < 0 if k == "lt" else lo > 0 or hi < 0 if k == "ne"
                else lo == hi == 0):
            return True
        if k in ("le", "lt") and hi != -inf:
            hi = self.upper_by_elimination(diff)
            if hi <= 0 if k == "le" else hi < 0:
                return True
        return self.known(pred)

    def upper_by_elimination(self, d: Dim) -> float:
        """An upper bound on ``d`` after replacing each symbol that occurs in it only linearly by
        the bound a fact gives it in terms of other symbols (``i < n - 1`` bounds ``i`` by
        ``n - 2``): a coefficient > 0 takes the symbol's upper bound, one < 0 its lower bound, so
        the result never decreases. This proves a loop index in range of its array
        (``1 <= i < n-1`` gives ``-n <= i - 1 < n``), which plain intervals cannot: the bound is
        relational. One elimination per symbol, in name order (Fourier-Motzkin, one step each)."""
        if self._bounds is None:
            self._bounds = relational_bounds(self.facts)
        for name in sorted(free_symbols(d)):
            coeff = _linear_coefficient(d, name)
            bound = self._bounds.get((name, coeff > 0)) if coeff else None
            if bound is not None:
                d = substitute(d, {name: bound})
        return interval(d, self.ranges)[1]


def _canonical(pred: Pred, ranges: Mapping[str, Interval]) -> Pred:
    """``a == b`` and ``a != b`` as ``x == 0`` / ``x != 0`` with ``x`` the non-zero-free part of
    ``a - b`` (up to sign), so two facts that differ by a factor known non-zero compare equal."""
    diff = nonzero_part(sub(*pred.args), ranges)
    if type(diff) is Expr and diff.terms[0][1] < 0:
        diff = sub(0, diff)
    return Pred(pred.kind, (diff, 0))


@lru_cache(maxsize=1 << 14)
def _slack(pred: Pred) -> Dim:
    """``a <= b`` and ``a < b`` as the ``s`` of ``s >= 0`` (``b - a``, and ``b - a - 1`` over the
    integers), so a bound compares equal to the fact it restates with its terms moved across (a
    conv's ``1 <= out`` for ``k <= h + 2*(k//2)`` after the requirement ``out >= 1``)."""
    return sub(sub(pred.args[1], pred.args[0]), 1 if pred.kind == "lt" else 0)


def _linear_coefficient(d: Dim, name: str) -> int:
    """The coefficient of ``name`` in ``d`` when it occurs only as a term of its own (0 if not)."""
    if type(d) is not Expr:
        return 0
    found = 0
    for monomial, coeff in d.terms:
        if monomial == (Sym(name),):
            found = coeff
        elif name in free_symbols(Expr(((monomial, 1),), 0)):
            return 0
    return found


def relational_bounds(facts: Iterable[Pred]) -> dict[tuple[str, bool], Dim]:
    """``(symbol, upper?) -> bound`` from facts ``a <= b`` / ``a < b`` in which the symbol has
    coefficient +-1 and occurs nowhere else (``i < n - 1`` gives ``(i, True) -> n - 2``); the
    first fact that bounds a symbol so gives its bound."""
    bounds: dict[tuple[str, bool], Dim] = {}
    for pred in facts:
        if pred.kind in ("le", "lt"):
            for key, bound in _relational_items(pred):
                bounds.setdefault(key, bound)
    return bounds


@lru_cache(maxsize=1 << 15)
def _relational_items(pred: Pred) -> tuple[tuple[tuple[str, bool], Dim], ...]:
    """The bounds one fact ``a <= b`` / ``a < b`` gives (:func:`relational_bounds`), read once per
    fact rather than once per question (as :func:`_symbol_bound`); one per symbol, so their order
    within the fact decides nothing."""
    rest = sub(pred.args[1], pred.args[0])   # rest >= 0 (lt: >= 1)
    if pred.kind == "lt":
        rest = sub(rest, 1)
    items = []
    for name in free_symbols(rest):
        coeff = _linear_coefficient(rest, name)
        if coeff in (1, -1):
            # coeff*s + others >= 0: s >= -others (coeff 1) or s <= others (coeff -1)
            others = sub(rest, mul(coeff, Expr((((Sym(name),), 1),), 0)))
            items.append(((name, coeff == -1), others if coeff == -1 else sub(0, others)))
    return tuple(items)
