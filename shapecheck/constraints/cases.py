"""Proof by cases: a requirement that follows from the facts once each ``or`` among them is split
and each equality ``n == e`` is used to replace ``n``, before any sampling or Z3.

Shape facts are mostly equalities and their alternatives: a broadcast states ``a == b or a == 1 or
b == 1`` and defines its result ``(a == b and m == a) or (a == 1 and m == b) or (b == 1 and m ==
a)``, a reshape ``b*h*w == b*p*q``, a split ``_*heads == dim``. A requirement about them holds when
it holds in every case the alternatives allow; in each case, the equalities that define a symbol
(one side is the symbol alone, the other does not mention it) are substituted into the rest and
the requirement, renormalising, and the requirement is then settled by normalisation itself
(``max(a, a) == a``), by bounds (``intervals.py``), or by exact division (``A % B == 0`` where
``A`` is ``B`` times a polynomial, as a conv's output size is). A case whose facts normalise to
false (``512 == 1``) or leave a symbol an empty range is impossible and needs no proof; when every
case is, the facts contradict each other and nothing is claimed (Z3 says UNKNOWN there).

Only HOLDS is answered, as by ``intervals.py``. Normalisation divides as if every divisor were
non-zero (``(h*n) % n`` is 0), and Z3 leaves division by 0 unspecified, so no proof is given when
some divisor the question holds is not provably >= 1 by bounds (then Z3, not this, answers; or
first :func:`holds_by_fewer`, without the facts holding such a divisor when the requirement holds
none). Bounded to :data:`MAX_CASES` cases and :data:`MAX_SUBSTITUTIONS` substitutions a case.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from . import intervals
from .dims import (Dim, Expr, Op, Sym, add, apply_op, common_factor, factors, floordiv, free_symbols, is_signed, map_atoms,
                   mul, polynomial_quotient, primitive_part, sub, substitute, sym)
from .predicates import Pred, eq, le, lt, ne, pred_symbols, substitute_pred

MAX_CASES = 32
MAX_SUBSTITUTIONS = 8
#: The most facts a proof by cases reads: each case rewrites every fact, so a question's cost grows
#: with them. The corpora never ask over 50 (timm, vit-pytorch, diffusers, scikit-learn: 848
#: questions); pyscf's uadc_ip_cvs.py asked 715 over 50-99, 20 s of its run, and proved none. Past
#: it, Z3 answers, under the run's budget.
MAX_FACTS = 48


def holds(requirement: Pred, facts: Sequence[Pred]) -> bool:
    """Whether ``requirement`` holds in every possible case of ``facts`` (False: cannot tell here)."""
    if _divides(requirement, facts) or _multiple(requirement, facts, _as_is):
        return True
    if len(facts) > MAX_FACTS or not _divisors_positive(requirement, facts):
        return False
    return _Split(requirement, [_alternatives(f) for f in facts]).holds() is True


def holds_by_fewer(requirement: Pred, facts: Sequence[Pred]) -> bool:
    """Whether ``requirement`` holds in every case of the facts whose divisors bounds show are
    >= 1, where :func:`holds` refused the question for a divisor among the others: a proof from
    fewer facts holds with all of them, and one that may divide by 0 may not be read normalised.
    timm's halo attention asked ``max(a, b) == d or ...``, which its broadcast facts settle, but
    with ``x % (d*d*d)`` among the others (d unbounded) it went to Z3: 1.7M steps, 0.5 s, twice.
    Asked last, before Z3 (solver.py): on torchvision, 79 questions that witnesses answer came
    here, each ~20 ms of cases, to prove nothing."""
    if len(facts) > MAX_FACTS:
        return False
    positive = [f for f in facts if all(intervals.holds(le(1, d), facts) for d in _divisors(f))]
    if len(positive) == len(facts) or not all(intervals.holds(le(1, d), facts) for d in set(_divisors(requirement))):
        return False
    return _Split(requirement, [_alternatives(f) for f in positive]).holds() is True


class _Split:
    """The cases of one question, split one fact at a time and only as far as a proof needs: a
    case that settles the requirement (or is impossible) with some facts still whole settles it
    (is impossible) in every case those facts' alternatives make of it. Swin's ``x % (d*d)``,
    with five broadcasts among its facts, has 243 cases but needs three of them split, and Z3 ran
    out of its 5M steps on it (issue 11). The next fact split is the one sharing most symbols
    with the requirement as the case has rewritten it (the first of those, in the facts' order);
    a case's comparisons keep the facts' order, so a case with every fact split is the case as
    :func:`_case` always read it. At most ``2 * MAX_CASES`` cases are looked at: every split of
    :data:`MAX_CASES` whole cases, which was the bound on the question's cases."""

    def __init__(self, requirement: Pred, alternatives: list[list[tuple[Pred, ...]]]):
        self.requirement = requirement
        self.alternatives = alternatives
        self.budget = 2 * MAX_CASES

    def holds(self, chosen: dict[int, tuple[Pred, ...]] | None = None) -> bool | None:
        """True: the requirement holds in every possible case under ``chosen`` (fact index ->
        the alternative taken); None: no case under it is possible; False: not shown."""
        chosen = chosen or {}
        atoms = [atom for i, options in enumerate(self.alternatives) if len(options) == 1 or i in chosen
                 for atom in (options[0] if len(options) == 1 else chosen[i])]
        self.budget -= 1
        verdict, rewritten = _case(self.requirement, atoms)
        whole = [i for i, options in enumerate(self.alternatives) if len(options) > 1 and i not in chosen]
        if verdict is not False or not whole or self.budget <= 0:
            return verdict
        wanted = pred_symbols(rewritten)
        split = max(whole, key=lambda i: (len(wanted & self._symbols(i)), -i))
        possible = False
        for option in self.alternatives[split]:
            verdict = self.holds({**chosen, split: option})
            if verdict is False:
                return False
            possible = possible or verdict is True
        return True if possible else None

    def _symbols(self, i: int) -> frozenset[str]:
        return frozenset().union(*(pred_symbols(atom) for option in self.alternatives[i] for atom in option))


def _alternatives(fact: Pred) -> list[tuple[Pred, ...]]:
    """The fact's cases, each a conjunction of comparisons (an ``or`` of ``and``s of them)."""
    if fact.kind == "or":
        options = []
        for part in fact.args:
            options.extend(_alternatives(part))
        return options
    if fact.kind == "and":
        merged: list[tuple[Pred, ...]] = [()]
        for part in fact.args:
            merged = [m + option for m in merged for option in _alternatives(part)]
        return merged
    return [(fact,)]


def _case(requirement: Pred, atoms: list[Pred]) -> tuple[bool | None, Pred]:
    """True: the requirement holds in this case; None: the case is impossible; False: not shown;
    with the requirement as the case's definitions rewrote it. A definition that makes a divisor
    0 (``k == 0`` into ``n % k``) leaves the case not shown: what Python raises there, Z3 leaves
    unspecified."""
    rewritten = _rewritten(tuple(atoms))
    for step, (name, value) in enumerate(rewritten.steps):
        if rewritten.atoms is None and step == len(rewritten.steps) - 1:
            return False, requirement   # the definition divided by 0 in the facts
        try:
            requirement = _substituted(requirement, name, value)
        except ZeroDivisionError:
            return False, requirement
    if rewritten.impossible:
        return None, requirement
    return _settled(requirement, list(rewritten.atoms)), requirement


@dataclass(frozen=True)
class _Rewrites:
    """What a case's facts become once each definition among them is substituted into the rest:
    the definitions ``(name, value)`` in the order taken, the facts left (None: the last
    definition divided by 0 in them), and whether they are impossible."""

    steps: tuple[tuple[str, Dim], ...]
    atoms: tuple[Pred, ...] | None
    impossible: bool = False


@lru_cache(maxsize=1 << 12)
def _rewritten(atoms: tuple[Pred, ...]) -> _Rewrites:
    """The rewrites of one case's facts, which depend on the facts alone: every question asked
    with the same facts splits them into the same cases, and each case took the same cancelling
    and substituting again (diffusers' transformer_sana_wm.py: 2,240 cases, 1,293 distinct; issue 11,
    stop 33). The requirement then takes the same definitions in order (:func:`_case`)."""
    steps: list[tuple[str, Dim]] = []
    current = list(atoms)
    for _ in range(MAX_SUBSTITUTIONS):
        current = [_cancelled(a, current) for a in current]
        found = _definition(current)
        if found is None:
            break
        name, value, used = found
        steps.append((name, value))
        try:
            current = [_substituted(a, name, value) for i, a in enumerate(current) if i != used]
        except ZeroDivisionError:
            return _Rewrites(tuple(steps), None)
    if any(a.kind == "false" for a in current) or _empty_range(current):
        return _Rewrites(tuple(steps), tuple(current), impossible=True)
    return _Rewrites(tuple(steps), tuple(a for a in current if a.kind != "true"))


@lru_cache(maxsize=1 << 15)   # a split's cases share their definitions: the same rewrites, case after case
def _substituted(p: Pred, name: str, value: Dim) -> Pred:
    return substitute_pred(p, {name: value})


def _settled(requirement: Pred, atoms: list[Pred]) -> bool:
    k = requirement.kind
    if k == "true":
        return True
    if k == "and":
        return all(_settled(p, atoms) for p in requirement.args)
    if k == "or":
        return any(_settled(p, atoms) for p in requirement.args)
    if k not in ("eq", "ne", "le", "lt"):
        return False
    if intervals.holds(requirement, atoms) or _divides(requirement, atoms) or _multiple(requirement, atoms, _without_mod):
        return True
    # a max or min whose larger argument the bounds know is that argument (max(a, 1) is a when
    # 1 <= a): a broadcast's result dim, compared with what it must be
    simpler = Pred(k, tuple(_ordered(d, atoms) for d in requirement.args))
    simpler = {"eq": eq, "ne": ne, "le": le, "lt": lt}[k](*simpler.args)
    return simpler != requirement and (simpler.kind == "true" or intervals.holds(simpler, atoms))


def _ordered(d: Dim, atoms: list[Pred]) -> Dim:
    """``d`` with each max/min replaced by the argument the bounds show it is."""
    return map_atoms(d, lambda atom: _ordered_atom(atom, atoms))


def _ordered_atom(atom, atoms: list[Pred]) -> Dim:
    if type(atom) is Sym:
        return Expr((((atom,), 1),), 0)
    x, y = (_ordered(arg, atoms) for arg in atom.args)
    if atom.kind in ("min", "max"):
        if intervals.holds(le(x, y), atoms):
            return y if atom.kind == "max" else x
        if intervals.holds(le(y, x), atoms):
            return x if atom.kind == "max" else y
    return apply_op(atom.kind, x, y)


def _cancelled(atom: Pred, atoms: list[Pred]) -> Pred:
    """``g*x == g*y`` as ``x == y`` when bounds show the common factor ``g >= 1``: a reshape of a
    batch states ``_*b*heads == b*dim``, and with ``b`` cancelled it defines ``dim`` (Z3 ran out of
    steps on ``b*(dim % heads) == 0`` from it, 1.2 s each time vit-pytorch asked)."""
    if atom.kind != "eq":
        return atom
    common = common_factor(*atom.args)
    if common is None or not intervals.holds(le(1, common[0]), atoms):
        return atom
    return eq(common[1], common[2])


def _multiple(requirement: Pred, atoms: Sequence[Pred], read: Callable[[Dim], Dim]) -> bool:
    """``A == B`` where ``A - B`` is a polynomial multiple of ``C - D`` for a fact ``C == D`` (each
    difference as ``read`` gives it): a split head's ``b*heads*(d//heads) == b*d`` from
    ``heads*(d//heads) == d``. As is, with every division an opaque atom, this holds whatever a
    division by 0 gives (Z3 leaves it unspecified, one value per term); :func:`_without_mod`
    reads ``x % y`` as ``x - y*(x//y)``, the identity of Python and Z3 for a divisor >= 1 (once
    :func:`holds` has checked the divisors), which shows ``b*(d % heads) == 0`` from it too."""
    if requirement.kind != "eq":
        return False
    wanted = _difference(requirement, read)
    for atom in atoms:
        if atom.kind == "eq":
            given = _difference(atom, read)
            if given != 0 and polynomial_quotient(wanted, given) is not None:
                return True
    return False


@lru_cache(maxsize=1 << 14)   # every case of every question reads the same facts again
def _difference(equality: Pred, read: Callable[[Dim], Dim]) -> Dim:
    """``L - R`` of ``L == R`` without its integer content, which changes nothing about where it
    is 0 and lets a fact ``3*b*h*w*d == 96*b*h*w*n`` (qkv's three parts of 32 heads) divide the
    requirement ``b*h*w*n*32 == b*h*w*d``: timm asked Z3 such questions at 0.2-0.5 s each."""
    return primitive_part(read(sub(*equality.args)))


def _as_is(d: Dim) -> Dim:
    return d


def _without_mod(d: Dim) -> Dim:
    return map_atoms(d, _mod_atom)


def _mod_atom(atom) -> Dim:
    if type(atom) is Sym:
        return Expr((((atom,), 1),), 0)
    x, y = (_without_mod(arg) for arg in atom.args)
    if atom.kind == "mod":
        return sub(x, mul(y, apply_op("floordiv", x, y)))
    return apply_op(atom.kind, x, y)


def _definition(atoms: list[Pred]) -> tuple[str, Dim, int] | None:
    """An equality ``n == e`` (either way round) with ``e`` free of ``n``: ``(n, e, its index)``."""
    for i, atom in enumerate(atoms):
        if atom.kind != "eq":
            continue
        for this, other in (atom.args, atom.args[::-1]):
            name = _symbol(this)
            if name is not None and name not in free_symbols(other):
                return name, other, i
    return None


def _symbol(d: Dim) -> str | None:
    if type(d) is Expr and not d.constant and len(d.terms) == 1:
        (monomial, coeff), = d.terms
        if coeff == 1 and len(monomial) == 1 and type(monomial[0]) is Sym:
            return monomial[0].name
    return None


def _empty_range(atoms: list[Pred]) -> bool:
    return any(lo > hi for lo, hi in intervals.symbol_ranges(atoms).values())


def _divides(requirement: Pred, atoms: Sequence[Pred]) -> bool:
    """``c*(A % B) == 0`` (either way round) with ``A`` a multiple of ``B`` (:func:`_multiple_of`)
    and ``B`` not 0: ``A`` is ``q*B`` whatever value ``q`` has (a division in it by anything), and
    ``(q*B) % B`` is 0 for every non-zero ``B`` in Python's semantics and in Z3's."""
    if requirement.kind != "eq":
        return False
    d = sub(*requirement.args)
    if type(d) is not Expr or d.constant:
        return False
    return all(any(type(atom) is Op and atom.kind == "mod"
                   and (_multiple_of(*atom.args, atoms) or _multiple_by_fact(monomial, atom, atoms))
                   for atom in monomial)
               for monomial, _ in d.terms)


def _multiple_by_fact(monomial: tuple, atom: Op, atoms: Sequence[Pred]) -> bool:
    """Whether the term ``c * (a % b)`` (``monomial``, ``atom`` its ``a % b``) is 0 by a fact
    ``c' * (x % y) == 0`` with ``c'`` dividing ``c``, ``a == t * y * (x // y)`` and ``t * x`` a
    multiple of ``b``, which bounds show is not 0. Where ``c`` is 0 the term is; elsewhere ``c'``
    is not 0, so ``x % y == 0``; then where ``y != 0``, ``a`` is ``t * x`` (``y * (x // y) + x % y
    == x``), a multiple of ``b``; where ``y == 0``, ``a`` is 0 whatever ``x // y`` is (Z3 leaves it
    unspecified). timm's lambda_layer splits ``H*W*dim_attn`` into ``d*dim_head`` parts and then
    into ``H*W`` ones: Z3 left ``(d*dim_head*(n // (d*dim_head))) % (H*W) == 0`` from ``n % (d*dim_head)
    == 0`` unknown after 5M steps (1.3 s of timm's run)."""
    a, b = atom.args
    rest = list(monomial)
    rest.remove(atom)
    for fact in atoms:
        if fact.kind != "eq" or 0 not in fact.args:
            continue
        given = sub(*fact.args)
        if type(given) is not Expr or given.constant or len(given.terms) != 1:
            continue
        (fact_monomial, _), = given.terms
        for divided in fact_monomial:
            if type(divided) is not Op or divided.kind != "mod":
                continue
            cofactor = list(fact_monomial)
            cofactor.remove(divided)
            if not all(rest.count(x) >= cofactor.count(x) for x in cofactor):
                continue
            x, y = divided.args
            t = polynomial_quotient(a, mul(y, floordiv(x, y)))
            if t is not None and polynomial_quotient(mul(t, x), b) is not None and _nonzero(b, atoms):
                return True
    return False


def _multiple_of(a: Dim, b: Dim, atoms: Sequence[Pred]) -> bool:
    """Whether ``a == q*b`` for some ``q`` and ``b != 0`` wherever the facts hold: ``a`` is a
    polynomial multiple of ``b`` as it stands or once a fact ``L == R`` moves it by ``L - R``
    (an einops split's ``numel % (h*w) == 0`` where a fact says ``numel == n*h*w``), and ``b``
    is not 0 by bounds or because ``a`` is not (``a == q*b``). Z3 ran out of 5M steps on each such
    question of regionvit (issue 11)."""
    moves = [sub(*atom.args) for atom in atoms if atom.kind == "eq"]
    shifted = [a] + [add(a, sign * moved) for moved in moves for sign in (-1, 1)]
    return (any(polynomial_quotient(x, b) is not None for x in shifted)
            and (_nonzero(b, atoms) or _nonzero(a, atoms)))


def _nonzero(d: Dim, atoms: Sequence[Pred]) -> bool:
    """Whether bounds show ``d != 0``, at once, split on one size at 0 and >= 1 (``2*W*W + W - 1``
    is -1 at ``W == 0`` and at least 2 above), or factor by factor (``dims.factors``): a 2-d conv's
    output size ``(h+p-k+1)*(w+q-j+1)``, expanded, is >= 1 only as a product of two factors each
    >= 1 by ``k <= h+p`` and ``j <= w+q``. diffusers' ``upfirdn2d_native`` reshapes by it, and Z3
    left ``(n*P) % P == 0`` unknown after its 5M steps (0.7 s each, twice a run)."""
    if _signed(d, atoms):
        return True
    parts = factors(d)
    if len(parts) > 1:
        return all(_nonzero(part, atoms) for part in parts)
    for name in sorted(free_symbols(d)):
        if is_signed(name):
            continue
        try:
            at_zero = substitute(d, {name: 0})
        except ZeroDivisionError:   # ``d`` divides by that size (physicsnemo's globe model: SC003)
            continue
        if _signed(at_zero, atoms) and _signed(d, [*atoms, le(1, sym(name))]):
            return True
    return False


def _signed(d: Dim, atoms: Sequence[Pred]) -> bool:
    """Whether bounds (relational ones included) show ``d >= 1`` or ``d <= -1``."""
    return intervals.holds(le(1, d), atoms) or intervals.holds(le(d, -1), atoms)


def _divisors_positive(requirement: Pred, facts: Sequence[Pred]) -> bool:
    """Whether every floor division and modulo the question holds has a divisor >= 1 by bounds."""
    divisors = {d for p in (requirement, *facts) for d in _divisors(p)}
    return all(intervals.holds(le(1, d), facts) for d in divisors)


def _divisors(p: Pred) -> Iterable[Dim]:
    if p.kind in ("eq", "ne", "le", "lt"):
        for d in p.args:
            yield from _dim_divisors(d)
    else:
        for x in p.args:
            yield from _divisors(x)


def _dim_divisors(d: Dim) -> Iterable[Dim]:
    if type(d) is int:
        return
    for monomial, _ in d.terms:
        for atom in monomial:
            if type(atom) is Op:
                if atom.kind in ("floordiv", "mod"):
                    yield atom.args[1]
                for arg in atom.args:
                    yield from _dim_divisors(arg)
