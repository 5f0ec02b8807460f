"""Witnesses by repair: values that satisfy a question's facts, found by fixing one fact at a time.

A question is SOMETIMES when the facts allow values under which the requirement holds and values
under which it fails. The solver's sampling (``solver._assignments``) evaluates fixed small values,
which rarely satisfy facts that tie symbols together: a broadcast's ``a == b or a == 1 or b == 1``
and ``m == max(a, b)``, a reshape's ``b*h*w == b*p*q``, ``j == 512 or j == 1``. Then Z3 answered,
at ~10 ms a question (a fresh context and two checks): 246 of vit-pytorch's 385 Z3 questions were
SOMETIMES (issue 11).

Here the search for each witness is a satisfaction problem of its own: the facts and the
requirement (a holding witness), the facts and its negation (a failing one). From a start
assignment, the first false constraint is made true by changing one symbol, found in one of its
comparisons (an ``or``: any alternative; an ``and``: its first false part), ``d == 0``, ``d <= 0``,
``d < 0`` or ``d != 0`` with ``d`` the difference of its sides:

* a symbol ``s`` that occurs in ``d`` only as the term ``c*s`` (``c = +-1``) takes the value that
  puts ``d`` where the comparison wants it (``s - c*d`` for ``d == 0``; ``s + 1`` for ``d != 0``);
* for ``d == 0``, a symbol that is a factor of every term of ``d`` (no constant) is set to 0.

A symbol of the constraint being repaired that the requirement does not mention is tried first (it
keeps the requirement's truth as it was), then in order of first appearance; sizes never go
negative. Repairs are bounded, and every witness is checked by evaluation at the end, so an answer
is only ever a pair of real witnesses, as sampling's are: the verdict is Z3's. Evaluation follows
Z3's integer semantics where they differ from Python's: a floor division or modulo by a divisor
that is not positive makes an assignment unusable (Z3's ``div`` by a negative divisor rounds the
other way, and by zero is unspecified), unless the search is told what a division by zero gives
(``dims.ByZero``: one of the models Z3 may choose).

Deterministic: the start assignments and the repair order depend only on the question's canonical
form (its symbols in order of first appearance), so every copy of a question finds the same
witnesses under its own names (``canonical.py``), whichever process asks.
"""

from __future__ import annotations

from functools import lru_cache
from math import gcd, inf
from typing import Callable, Iterable, Sequence

from .dims import ByZero, Dim, Expr, Sym, add, free_symbols, is_signed, mul, sub, sym
from .evaluators import Undefined as _Undefined, z3_dim_function
from .predicates import Pred, negate

Values = dict[str, int]
#: Constraint repairs per witness (each one evaluation of every constraint).
MAX_REPAIRS = 12
#: Start assignments tried per witness.
MAX_STARTS = 8
#: Constraint evaluations per witness, over every start.
BUDGET = 300


Number = Callable[[Values], int]


def _dim(d: Dim, by_zero: ByZero | None = None) -> Number:
    """``d`` as a function of the values (KeyError for a symbol without one); a division by 0
    gives what ``by_zero`` says, when given (dims.ByZero: a model Z3 may choose). Compiled
    (evaluators.py); the closures below only where ``d`` is too large to compile."""
    compiled = z3_dim_function(d, by_zero)
    if compiled is not None:
        return compiled
    constant = d.constant
    terms = tuple((coeff, tuple(_atom(a, by_zero) for a in monomial)) for monomial, coeff in d.terms)

    def value(values: Values) -> int:
        total = constant
        for coeff, factors in terms:
            for factor in factors:
                coeff *= factor(values)
            total += coeff
        return total
    return value


def _atom(atom, by_zero: ByZero | None) -> Number:
    if type(atom) is Sym:
        name = atom.name
        return lambda values: values[name]
    a, b = (_dim(x, by_zero) for x in atom.args)
    kind = atom.kind
    if kind == "min":
        return lambda values: min(a(values), b(values))
    if kind == "max":
        return lambda values: max(a(values), b(values))

    def divided(values: Values) -> int:
        divisor = b(values)
        if divisor <= 0:
            if divisor == 0 and by_zero is not None and not by_zero.shifted:   # (the dividend unread)
                return by_zero.quotient if kind == "floordiv" else by_zero.remainder
            raise _Undefined
        return a(values) // divisor if kind == "floordiv" else a(values) % divisor
    return divided


class _Comparison:
    """``d <kind> 0`` with ``d`` a side's difference, and the symbols a repair may change in it."""

    __slots__ = ("kind", "value", "holds", "symbols", "_difference", "_by_zero", "_moves")

    def __init__(self, pred: Pred, by_zero: ByZero | None):
        self.kind = pred.kind
        d = sub(pred.args[0], pred.args[1])
        self.value = _dim(d, by_zero)
        #: ``values -> bool``: whether it holds (a function, not a method: see :data:`_TESTS`)
        self.holds = _TESTS[self.kind](self.value)
        self.symbols: list[str] = list(_symbol_counts(d)) if type(d) is Expr else []   # in order of appearance
        self._difference, self._by_zero = d, by_zero
        self._moves: _Moves | None = None

    def moves(self) -> "_Moves":
        """What a repair may change, worked out at the first repair: most comparisons built are
        only ever evaluated (vit-pytorch: 2,150 built, the moves of each ~100 Python calls)."""
        if self._moves is None:
            self._moves = _Moves(self._difference, self._by_zero)
        return self._moves

    def distance(self, values: Values) -> float:
        """How far from holding (0: it holds), to rank changes that leave it false."""
        try:
            d = self.value(values)
        except (_Undefined, ZeroDivisionError):
            return inf
        k = self.kind
        return abs(d) if k == "eq" else float(d == 0) if k == "ne" else max(0, d) if k == "le" else max(0, d + 1)

    def repairs(self, values: Values) -> Iterable[tuple[str, int]]:
        """``(symbol, new value)`` changes, each of which may make this comparison hold."""
        try:
            d = self.value(values)
        except (_Undefined, ZeroDivisionError):
            d = None   # a divisor at 0: only a probe can move it
        moves = self.moves()
        if d is not None:
            want = {"eq": 0, "le": 0, "lt": -1}.get(self.kind)
            for name, coeff in moves.linear:
                # d moves by coeff per unit of the symbol
                yield name, values[name] + (1 if want is None else -coeff * (d - want))
            if self.kind == "eq":
                for name in moves.factors:
                    yield name, 0
                for name, p, q in moves.scaled:
                    # s*p + q == 0 at s = -q/p, when p divides q here: a reshape's
                    # b*n*(x - 1) == b*n*y*z defines x as y*z + 1, which no probe reaches
                    try:
                        by, rest = p(values), q(values)
                    except (_Undefined, ZeroDivisionError):
                        continue
                    if by and rest % by == 0:
                        yield name, -rest // by
                for name, a, b in moves.multiples:
                    # a % b == 0 once a factor of a is times b // gcd(a, b): a divisibility that
                    # a conv's or a pad's reshape states (diffusers' upfirdn2d), which no probe hits
                    try:
                        total, divisor = a(values), b(values)
                    except (_Undefined, ZeroDivisionError):
                        continue
                    if divisor > 0 and total:
                        yield name, values[name] * (divisor // gcd(total, divisor))
        # a probe: a symbol in a division or a product moves d by steps no term shows
        for name in self.symbols:
            v = values[name]
            yield name, v + 1
            yield name, 2 * v
            for c in moves.constants:
                yield name, c


def _symbol_counts(d: Expr) -> dict[str, int]:
    """How many times each symbol of ``d`` occurs in it (in its terms' atoms), in order of appearance."""
    counts: dict[str, int] = {}
    for monomial, _ in d.terms:
        for atom in monomial:
            for name in _names(atom):
                counts[name] = counts.get(name, 0) + 1
    return counts


class _Moves:
    """The changes a repair of ``d <kind> 0`` weighs besides probes, and the constants probes try."""

    __slots__ = ("linear", "scaled", "factors", "constants", "multiples")

    def __init__(self, d: Dim, by_zero: ByZero | None):
        self.linear: list[tuple[str, int]] = []   # (symbol, +-1): it occurs in d only as that term
        self.scaled: list[tuple[str, Number, Number]] = []   # (s, p, q): d is s*p + q, p and q free of s
        self.factors: list[str] = []              # symbols in every term of d (d has no constant)
        self.constants: tuple[int, ...] = ()
        # (s, a, b): d is a % b (times symbols), s a factor of every term of a and not in b
        self.multiples: list[tuple[str, Number, Number]] = []
        if type(d) is not Expr:
            return
        ops = [atom for atom in d.terms[0][0] if type(atom) is not Sym] if not d.constant and len(d.terms) == 1 else ()
        if len(ops) == 1:   # (times sizes: ``h*w*(x % y) == 0``, which x % y == 0 makes hold)
            atom = ops[0]
            if atom.kind == "mod" and type(atom.args[0]) is Expr:
                a, b = atom.args
                free = _common_factors(a) - (free_symbols(b) if type(b) is Expr else frozenset())
                self.multiples = [(name, _dim(a, by_zero), _dim(b, by_zero)) for name in sorted(free)]
        counts = _symbol_counts(d)
        self.constants = tuple(sorted({abs(c) for c in _constants(d) if 2 <= abs(c) <= 1 << 20}))[:4]
        for monomial, coeff in d.terms:
            if len(monomial) == 1 and type(monomial[0]) is Sym and coeff in (1, -1) \
                    and counts[monomial[0].name] == 1:
                self.linear.append((monomial[0].name, coeff))
        linear = {name for name, _ in self.linear}
        self.scaled = [(name, _dim(p, by_zero), _dim(q, by_zero)) for name, (p, q) in _degree_one(d).items() if name not in linear]
        self.factors = sorted(_common_factors(d))


def _degree_one(d: Expr) -> dict[str, tuple[Dim, Dim]]:
    """``s -> (p, q)`` with ``d == s*p + q`` and neither ``p`` nor ``q`` mentioning ``s``, for
    each symbol that occurs in ``d`` at most once a term and never inside a division, min or max."""
    inside: set[str] = set()
    for monomial, _ in d.terms:
        for atom in monomial:
            if type(atom) is not Sym:
                inside.update(_names(atom))
    found: dict[str, tuple[dict, list]] = {}
    for monomial, coeff in d.terms:
        for i, atom in enumerate(monomial):
            if type(atom) is Sym and atom.name not in inside:
                rest = monomial[:i] + monomial[i + 1:]
                found.setdefault(atom.name, ({}, []))
                if atom in rest:
                    inside.add(atom.name)    # a power: not of degree one
                found[atom.name][0][rest] = coeff
    out: dict[str, tuple[Dim, Dim]] = {}
    for name, (by, _) in found.items():
        if name in inside:
            continue
        p = _polynomial(by)
        out[name] = (p, sub(d, mul(sym(name), p)))
    return out


def _polynomial(terms: dict) -> Dim:
    constant = terms.pop((), 0)
    total: Dim = constant
    for monomial, coeff in terms.items():
        total = add(total, Expr(((monomial, coeff),), 0))
    return total


def _common_factors(d: Expr) -> set[str]:
    """The symbols that are a factor of every term of ``d`` (none where it has a constant)."""
    if d.constant:
        return set()
    shared = set(_plain(d.terms[0][0]))
    for monomial, _ in d.terms[1:]:
        shared &= set(_plain(monomial))
    return shared


def _names(atom) -> tuple[str, ...]:
    """The symbols of ``atom``, each once, in order of first appearance."""
    return (atom.name,) if type(atom) is Sym else _operation_names(atom)


@lru_cache(maxsize=1 << 14)
def _operation_names(atom) -> tuple[str, ...]:
    # once per operation: expanded products share their divisions, which a walk of the tree
    # visited once per monomial (diffusers' upfirdn2d: 2.7M visits for 560,000 from the top)
    names: dict[str, None] = {}
    for arg in atom.args:
        if type(arg) is Expr:
            for monomial, _ in arg.terms:
                for inner in monomial:
                    names.update(dict.fromkeys(_names(inner)))
    return tuple(names)


def _constants(d: Expr) -> Iterable[int]:
    """The constants written in ``d`` (its own, and inside its divisions: ``(dim//4)*4`` has 4)."""
    yield d.constant
    for monomial, coeff in d.terms:
        yield coeff
        for atom in monomial:
            if type(atom) is not Sym:
                for arg in atom.args:
                    if type(arg) is int:
                        yield arg
                    else:
                        yield from _constants(arg)


def _plain(monomial) -> list[str]:
    return [a.name for a in monomial if type(a) is Sym]


#: A comparison's test, from the function giving its difference ``d``: the search evaluates
#: constraints at every repair it weighs (vit-pytorch: 230,000 evaluations), so each comparison,
#: ``and`` and ``or`` is one function of the values, not a method walking its kind.
_TESTS: dict[str, Callable[[Number], Callable[[Values], bool]]] = {
    "eq": lambda value: lambda values: value(values) == 0,
    "ne": lambda value: lambda values: value(values) != 0,
    "le": lambda value: lambda values: value(values) <= 0,
    "lt": lambda value: lambda values: value(values) < 0,
}


def _every(tests: tuple[Callable[[Values], bool], ...]) -> Callable[[Values], bool]:
    """The test of an ``and``: its parts' tests in order, stopping at the first false."""
    def holds(values: Values) -> bool:
        for test in tests:
            if not test(values):
                return False
        return True
    return holds


def _some(tests: tuple[Callable[[Values], bool], ...]) -> Callable[[Values], bool]:
    """The test of an ``or``: its parts' tests in order, stopping at the first true."""
    def holds(values: Values) -> bool:
        for test in tests:
            if test(values):
                return True
        return False
    return holds


class _Constraint:
    """A predicate as an and/or tree of comparisons, the symbols it reads, and ``holds``, its test
    (``values -> bool``; an exception where a division is undefined): one function per node."""

    __slots__ = ("kind", "parts", "comparison", "symbols", "holds")

    def __init__(self, pred: Pred, by_zero: ByZero | None = None):
        if pred.kind == "not":
            pred = negate(pred.args[0])
        self.kind = pred.kind
        self.comparison = _Comparison(pred, by_zero) if pred.kind in ("eq", "ne", "le", "lt") else None
        # (through the cache: a disjunct recurs in many facts, a broadcast's `a == b or a == 1 or b == 1`)
        self.parts = tuple(constraint(p, by_zero) for p in pred.args) if pred.kind in ("and", "or") else ()
        self.symbols = frozenset(self.comparison.symbols if self.comparison is not None else
                                 (name for part in self.parts for name in part.symbols))
        tests = tuple(part.holds for part in self.parts)
        truth = self.kind == "true"
        self.holds = (self.comparison.holds if self.comparison is not None else _every(tests) if self.kind == "and"
                      else _some(tests) if self.kind == "or" else lambda values: truth)

    def safely_holds(self, values: Values) -> bool:
        """Whether it holds; False where it is undefined (a divisor that is not positive)."""
        try:
            return self.holds(values)
        except (_Undefined, ZeroDivisionError, KeyError):
            return False

    def distance(self, values: Values) -> float:
        if self.comparison is not None:
            return self.comparison.distance(values)
        if self.kind == "and":
            return sum([p.distance(values) for p in self.parts])
        if self.kind == "or":
            return min([p.distance(values) for p in self.parts])
        return 0.0 if self.kind == "true" else inf

    def repairs(self, values: Values) -> Iterable[tuple[str, int]]:
        if self.comparison is not None:
            yield from self.comparison.repairs(values)
        elif self.kind == "and":
            for part in self.parts:
                if not part.safely_holds(values):
                    yield from part.repairs(values)
                    return
        elif self.kind == "or":
            for part in self.parts:
                yield from part.repairs(values)


#: predicate (with its ByZero, when given) -> its constraint: a constraint holds only what its
#: predicate determines (its evaluators and repair candidates), and real code's facts recur in
#: many questions. Bounded.
_CONSTRAINTS: dict = {}
_CONSTRAINTS_MAX = 1 << 14


def constraint(pred: Pred, by_zero: ByZero | None = None) -> _Constraint:
    key = pred if by_zero is None else (pred, by_zero)
    found = _CONSTRAINTS.get(key)
    if found is None:
        if len(_CONSTRAINTS) >= _CONSTRAINTS_MAX:
            _CONSTRAINTS.clear()
        found = _CONSTRAINTS[key] = _Constraint(pred, by_zero)
    return found


class _Search:
    """Min-conflicts repair (Minton et al., 1992) over one set of constraints, with a budget of
    constraint evaluations shared by every start (a question the facts decide, HOLDS or FAILS, has
    no witness to find: the budget is what it costs before Z3 answers it)."""

    def __init__(self, constraints: Sequence[_Constraint], prefer: Callable[[str], tuple], budget: int):
        self.constraints = constraints
        self.reading: dict[str, list[int]] = {}
        for i, c in enumerate(constraints):
            for name in c.symbols:
                self.reading.setdefault(name, []).append(i)
        #: each symbol's rank among a repair's options (``prefer``'s, asked once a symbol, not once an option)
        self.rank = {name: prefer(name) for name in self.reading}
        self.budget = budget

    def satisfy(self, start: Values) -> Values | None:
        """Values from ``start`` under which every constraint holds: each step repairs the first
        false constraint by the change that leaves the fewest false, never giving a symbol a value
        it had before; None when the steps or the budget run out."""
        values = dict(start)
        seen = set(values.items())
        truth = [c.safely_holds(values) for c in self.constraints]
        self.budget -= len(truth)
        rank = self.rank
        for _ in range(MAX_REPAIRS):
            if all(truth):
                return values
            at = truth.index(False)
            first = self.constraints[at]
            # by rank, then value: a repair changes only symbols the constraints read, each ranked
            # apart from the others, so the name never decides an order
            options = sorted([(rank[name], v, name) for name, v in set(first.repairs(values))])
            false = truth.count(False)
            best = None
            for _, v, name in options:
                if (name, v) in seen or (v < 0 and not is_signed(name)):
                    continue
                if self.budget <= 0:
                    return None
                changed = self._changed(values, name, v, truth)
                # the constraint being repaired counts twice while false: else a change that fixes
                # it and breaks two others (``mid % g != 0`` wants g = 2, and ``o % g == 0`` then
                # breaks) always loses to one that leaves it false and breaks none, and the search
                # walks ``mid`` up until its repairs run out (timm's split attention: 0.8 s of Z3)
                broken = false + 1
                for i, now in changed:
                    broken += (-2 if i == at else -1) if now else 1
                if best is not None and broken > best[0][0]:
                    continue   # more broken than the best so far: its distance cannot matter
                score = (broken, self._distance(first, values, name, v))
                if best is None or score < best[0]:
                    best = (score, name, v, changed)
                    if not broken:
                        break
            if best is None:
                return None
            _, name, v, changed = best
            values[name] = v
            seen.add((name, v))
            for i, now in changed:
                truth[i] = now
        return values if all(truth) else None

    @staticmethod
    def _distance(c: _Constraint, values: Values, name: str, v: int) -> float:
        old = values[name]
        values[name] = v
        try:
            return c.distance(values)
        finally:
            values[name] = old

    def _changed(self, values: Values, name: str, v: int, truth: list[bool]) -> list[tuple[int, bool]]:
        """The constraints reading ``name`` whose truth (``truth``: as it stands) changes once it
        is ``v``, each with its new truth."""
        old = values[name]
        values[name] = v
        try:
            indices = self.reading[name]
            self.budget -= len(indices)
            constraints = self.constraints
            return [(i, now) for i in indices if (now := constraints[i].safely_holds(values)) != truth[i]]
        finally:
            values[name] = old


def witnesses(facts: Sequence[Pred], requirement: Pred, order: Sequence[str], starts: Iterable[Values],
              found: tuple[Values | None, Values | None] = (None, None),
              by_zero: ByZero | None = None) -> tuple[Values, Values] | None:
    """``(fails, holds)``: values consistent with ``facts`` under which ``requirement`` fails and
    under which it holds, or None when the search finds no pair. ``order``: the question's symbols
    by first appearance (canonical.py); ``starts``: the assignments to repair from, in order;
    ``found``: witnesses already known (sampling's), not searched for again; ``by_zero``: what a
    division by 0 gives (else it makes values unusable)."""
    rank = {name: i for i, name in enumerate(order)}
    in_requirement = set(_requirement_symbols(requirement))
    checks = [constraint(f, by_zero) for f in facts]

    def prefer(name: str) -> tuple:
        return (name in in_requirement, rank.get(name, len(rank)))

    tried = list(_first(starts, MAX_STARTS))
    pair = list(found)
    for i, target in enumerate((negate(requirement), requirement)):
        if pair[i] is not None:
            continue
        search = _Search([constraint(target, by_zero)] + checks, prefer, BUDGET)
        for start in tried:
            pair[i] = search.satisfy({name: start.get(name, 1) for name in order})
            if pair[i] is not None or search.budget <= 0:
                break
        if pair[i] is None:
            return None
    return pair[0], pair[1]


def model(facts: Sequence[Pred], order: Sequence[str], starts: Iterable[Values]) -> Values | None:
    """Values under which every fact holds, by the same repair search as a witness's (``order``
    and ``starts`` as for :func:`witnesses`); None when the search finds none. For a FAILS that
    bounds prove: Z3 says FAILS only when the facts it blames are consistent (solver.py)."""
    rank = {name: i for i, name in enumerate(order)}
    search = _Search([constraint(f) for f in facts], lambda name: (rank.get(name, len(rank)),), BUDGET)
    for start in _first(starts, MAX_STARTS):
        found = search.satisfy({name: start.get(name, 1) for name in order})
        if found is not None or search.budget <= 0:
            return found
    return None


def _first(items: Iterable, n: int) -> Iterable:
    for i, item in enumerate(items):
        if i >= n:
            return
        yield item


def _requirement_symbols(p: Pred) -> Iterable[str]:
    if p.kind in ("eq", "ne", "le", "lt"):
        for d in p.args:
            if type(d) is Expr:
                for monomial, _ in d.terms:
                    for atom in monomial:
                        yield from _names(atom)
    else:
        for x in p.args:
            yield from _requirement_symbols(x)
