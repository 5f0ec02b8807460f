"""Deciding shape questions with Z3.

A question is always "given these facts, does this requirement hold?", answered as one of:

* ``HOLDS``: facts imply the requirement (nothing to report);
* ``FAILS``: facts contradict it: it fails for every consistent value of the unknowns (an error);
  the unsat core names the facts responsible, so a message can point at them;
* ``SOMETIMES``: it holds for some values and fails for others (a precondition; a warning in strict mode);
* ``UNKNOWN``: Z3 ran out of its resource limit or gave up; treated like SOMETIMES but never reported.

Answers are a pure function of the question, whatever the machine's load or what was asked before
(issue 11: ``-j 1`` and ``-j 2`` must report the same): Z3 is bounded by its deterministic resource
limit (``rlimit``, a count of its internal steps) rather than by a wall-clock time-out; each
question is asked in a fresh Z3 context with its symbols named by first appearance, because Z3's
search (and so the steps it takes) depends on the ids of the terms its context already holds and on
variable names; and no check runs the strategy Z3 picks per logic, whose non-linear one switches
engines by wall clock (:meth:`Encoding.solver`). A run's Z3 budget is counted in the same steps.

Predicates that normalisation already decided never get here. Every symbol is a dimension or a
count, so it is constrained ``>= 0``. Only facts connected to the requirement through shared symbols
are sent, which keeps queries small however long the function. The encoding is quantifier-free
linear/non-linear integer arithmetic, one variable per symbol: no arrays, and ``ForAll`` only in
:meth:`Solver.decide_for_all`, where loop indices are bound (an index must stay in bounds on *every*
iteration, whatever the other unknowns are).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Sequence

from .limits import HIGH_DEGREE, NESTED_DIVISIONS, RLIMIT, RLIMIT_NESTED, RLIMIT_QUANTIFIED
from . import cases, fact_groups, intervals, witnesses
from .canonical import question_key
from .derived import Kept, cached_hash
from .dims import ByZero, Dim, Sym, is_signed
from .evaluators import pred_function
from .predicates import Pred, eq, pred_degree, pred_division_depth, pred_symbols


#: The stages that answer a question, cheapest first: the requirement itself (``true``/``false``),
#: this run's memo, the process's memo (also under other names), bounds (HOLDS; FAILS once sampling
#: holds a model of the facts), sampling fixed small values, proof by cases, sampling where a divisor
#: is 0 (``by-zero``), witnesses by repair (then repairs where a divisor is 0: ``by-zero`` too),
#: cases over fewer facts, Z3; ``unknown``: Z3 may not be asked.
STAGES = ("syntactic", "memo", "recalled", "interval", "interval-fails", "sampling", "cases", "by-zero",
          "witnesses", "fewer-facts", "z3", "unknown")


class Verdict(Enum):
    HOLDS = "holds"
    FAILS = "fails"
    SOMETIMES = "sometimes"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Fact(Kept):
    """A predicate known to hold, and where it came from (for messages and unsat cores).

    ``origin`` is opaque here: whoever states the fact says where it came from (the analyser
    passes a :class:`shapecheck.report.diagnostics.Origin`); None for facts with no source. Its
    hash is kept once computed: every memo key holds a question's facts."""

    pred: Pred
    origin: object = None
    __hash__ = cached_hash("pred", "origin")


@dataclass(frozen=True, slots=True)
class Decision:
    verdict: Verdict
    core: tuple[Fact, ...] = ()          # with FAILS: the facts that contradict the requirement
    counterexample: dict | None = None   # with SOMETIMES: values under which it fails
    timed_out: bool = False              # with UNKNOWN: Z3 ran out of steps (rather than vacuous facts)
    witness: dict | None = None          # with SOMETIMES: values, consistent with the facts, under which it holds
    cost: int = 0                        # Z3 steps (rlimit units) the answer took, charged to the run's budget
    budget_spent: bool = False           # with UNKNOWN: not asked, the run's budget being spent (RLIMIT_BUDGET)


#: Z3 steps one run may spend in all: past it every open question is "unknown" at once, so no file
#: can hold a CI run hostage however many hard non-linear questions it raises. Five questions run to
#: their limit (about 5 s of one core): the most any run of the corpora spent is 3.6M steps (a
#: scikit-learn file; timm 2.8M, scipy 1.8M, vit-pytorch 0.2M), and a fuzzed ``while`` unrolled 16
#: times, each pass's questions over more facts, spent 100M steps (20 -> 5 times RLIMIT: 46 -> 10 s).
RLIMIT_BUDGET = 5 * RLIMIT
#: Wall-clock back-stops, far above what the step limits take on a loaded machine: only a Z3 that
#: stops counting steps meets them (an answer so cut short is not memoised: it depends on load).
BACKSTOP_MS = 60_000
BACKSTOP_BUDGET_S = 300.0


def relevant_facts(facts: Sequence[Fact], symbols: frozenset[str], fold_repeats: bool = False) -> list[Fact]:
    """The facts transitively connected to ``symbols`` (a fact about unrelated dims cannot matter);
    ``fold_repeats``: less the groups that repeat another over symbols of their own (fact_groups.py),
    which change no answer about ``symbols``."""
    if not symbols or not facts:
        return []
    pending = _symbols_of(facts)
    if fold_repeats and len(pending) >= fact_groups.GROUPED_FROM:
        skip = fact_groups.repeated(pending, symbols, _groups_of(facts, pending))
        if skip:
            pending = [p for i, p in enumerate(pending) if i not in skip]
    wanted = set(symbols)
    chosen: list[Fact] = []
    changed = True
    while changed:
        changed = False
        rest = []
        for f, syms in pending:
            if syms & wanted:
                chosen.append(f)
                wanted |= syms
                changed = True
            else:
                rest.append((f, syms))
        pending = rest
    return chosen


#: The last facts selected from, each with its symbols: one frame's questions come one after another
#: about the same facts (vit-pytorch: 12,500 of 19,000 selections), each reading every fact's
#: symbols again. Kept by identity, for tuples only (a list may change under the same identity);
#: holding the tuple keeps its identity from being reused.
_LAST_FACTS: list = [None]   # one slot, (facts, their symbols), replaced whole


_LAST_GROUPS: list = [None]   # one slot, (facts, their groups): as _LAST_FACTS


def _groups_of(facts: Sequence[Fact], pending: list) -> list:
    last = _LAST_GROUPS[0]
    if last is not None and last[0] is facts:
        return last[1]
    groups = fact_groups.groups_of(pending)
    if type(facts) is tuple:
        _LAST_GROUPS[0] = (facts, groups)
    return groups


def _symbols_of(facts: Sequence[Fact]) -> list[tuple[Fact, frozenset[str]]]:
    last = _LAST_FACTS[0]
    if last is not None and last[0] is facts:
        return last[1]
    pending = [(f, pred_symbols(f.pred)) for f in facts]
    if type(facts) is tuple:
        _LAST_FACTS[0] = (facts, pending)
    return pending


_PROBES = (1, 2, 3, 0, 4, 7)
#: The most symbols a question may have for Python to look for its witnesses (sampling, then
#: repairs); past it the question goes to Z3. Both searches are bounded (the assignments grow
#: linearly with the symbols, the repairs by ``witnesses.BUDGET``). At 24, the reshapes of timm's
#: halo attention (``x.unfold``'s windows: 26 to 29 symbols) sent 13 SOMETIMES questions to Z3,
#: 0.1 to 0.6 s each, that the search answers in milliseconds.
MAX_SAMPLED = 64


def _assignments(order: list[str], constants: tuple[int, ...] = ()):
    """Deterministic small assignments: uniform ones, then each symbol varied alone, then each
    symbol at a constant of the question (``d*h == 512`` holds at ``d = 512``, and no small value
    shows it), then pairs, then mixed."""
    import random

    for v in _PROBES:
        yield {name: v for name in order}
    for i, name in enumerate(order):
        for v in (2, 0, 5):
            values = {n: 1 for n in order}
            values[name] = v
            yield values
    for c in constants:
        for name in order:
            values = {n: 1 for n in order}
            values[name] = c
            yield values
    if len(order) <= 8:
        # two symbols at 2, the rest 1: a broadcast's result dim must move with the operand that
        # is not 1 (``a == b or a == 1 or b == 1`` with ``m == max(a, b)``), one alone cannot
        for i, first in enumerate(order):
            for second in order[i + 1:]:
                values = {n: 1 for n in order}
                values[first] = values[second] = 2
                yield values
    for row in _mixed_rows(len(order)):
        yield dict(zip(order, row))


@lru_cache(maxsize=256)
def _mixed_rows(count: int) -> tuple[tuple[int, ...], ...]:
    """The mixed assignments of ``count`` symbols, as values in symbol order: drawn once per count
    (a generator seeded by it), not once per question (vit-pytorch: 0.5M calls of ``choice``)."""
    rng = random.Random(count)
    return tuple(tuple(rng.choice((0, 1, 1, 2, 3, 4, 5, 6, 8)) for _ in range(count)) for _ in range(24))


#: Z3's answers, shared by every run of this process (files of one check, an editor's re-checks):
#: a decision is a pure function of its facts and requirement (and the time-out, for UNKNOWN), and
#: real code asks the same hard non-linear question in many places (one llama model: six 1-second
#: time-outs on one ``%`` question). Bounded: it starts over when full.
_DECIDED: dict = {}
_DECIDED_MAX = 65536


def _remember(key, decision: "Decision") -> None:
    if len(_DECIDED) >= _DECIDED_MAX:
        _DECIDED.clear()
    _DECIDED[key] = decision


def _renamed(decision: Decision, names) -> Decision:
    """``decision`` with its witnesses' symbols renamed by ``names`` (index -> name, or the reverse)."""
    if decision.counterexample is None and decision.witness is None:
        return decision
    return Decision(decision.verdict, decision.core, _rename(decision.counterexample, names),
                    decision.timed_out, _rename(decision.witness, names), decision.cost)


def _rename(values: dict | None, names) -> dict | None:
    if values is None:
        return None
    if isinstance(names, dict):
        return {names[k]: v for k, v in values.items() if k in names}
    count = len(names)
    return {names[k]: v for k, v in values.items() if 0 <= k < count}


def _values(model, variables: dict) -> dict:
    return {name: model.eval(v, model_completion=True).as_long() for name, v in variables.items()}


def _costing(decision: Decision, cost: int) -> Decision:
    return replace(decision, cost=cost)


class _CutShort(Exception):
    """Z3 gave up for a reason other than its step limit (a wall-clock back-stop, cancellation):
    the answer depends on the moment, so it is neither trusted nor memoised."""


def _constants(requirement: Pred) -> tuple[int, ...]:
    """The sizes a comparison of the requirement names (``n*h == 512``: 512), at most four."""
    found: list[int] = []
    if requirement.kind in ("eq", "ne", "le", "lt"):
        for d in requirement.args:
            value = d if type(d) is int else d.constant
            if 2 <= abs(value) <= 1 << 20 and abs(value) not in found:
                found.append(abs(value))
    return tuple(found[:4])


#: What a division by 0 gives in the models :meth:`Solver._sample_by_zero` tries: a remainder of 0
#: meets the facts ``n % d == 0`` that a reshape or a split leaves, a quotient of 1 or more the
#: facts ``1 <= n // d`` that an array size leaves, a negative one breaks them (Z3's ``div0``
#: and ``mod0`` may be negative: only a division by a nonzero divisor is bounded); a shift of the
#: dividend last, which gives two divisions by 0 of different dividends different quotients.
_BY_ZERO = tuple(ByZero(quotient, remainder) for quotient in (1, 0, -1, 2) for remainder in (0, 1, -1)) + tuple(
    ByZero(shift, remainder, shifted=True) for shift in (-1, -2) for remainder in (0, 1))
#: The choices the repair search (witnesses.py) tries, each a search of its own: a remainder of 0
#: keeps the divisibility facts, a negative quotient breaks a size, a remainder of 1 a
#: divisibility requirement.
_REPAIR_BY_ZERO = (ByZero(-1, 0), ByZero(1, 1))


def _witnessed(outcome: bool, values: dict, fails: dict | None, holds: dict | None) -> tuple:
    """``(fails, holds)`` with ``values`` kept as the first witness of its ``outcome``."""
    return (fails, holds or values) if outcome else (fails or values, holds)

def _compiled(facts: Sequence[Fact], requirement: Pred, by_zero: ByZero | None = None) -> tuple[list, Callable]:
    """The facts' and the requirement's functions of the values (evaluators.py), for :func:`_outcome`."""
    return [pred_function(f.pred, by_zero) for f in facts], pred_function(requirement, by_zero)


def _outcome(question: tuple[list, Callable], values: dict) -> bool | None:
    """Whether the requirement holds under ``values``; None where they break a fact. ``question``:
    what :func:`_compiled` made of the facts and the requirement."""
    checks, requirement = question
    for check in checks:
        if not check(values):
            return None
    return requirement(values)


def _step_limit(requirement: Pred) -> int:
    """The Z3 steps a question may take: fewer where its requirement nests divisions by unknowns
    or multiplies many (limits.RLIMIT_NESTED, limits.HIGH_DEGREE, which say why); a function of the question alone, so its answer is
    the same whatever was asked before (memo keys hold the run's limit, which this only lowers)."""
    hard = pred_division_depth(requirement) >= NESTED_DIVISIONS or pred_degree(requirement) >= HIGH_DEGREE
    return RLIMIT_NESTED if hard else RLIMIT


class SolverMissing(ImportError):
    """The Z3 solver (PyPI's ``z3-solver``, a dependency) cannot be imported: an install without its
    dependencies, or another Python than the one shapecheck was installed into. Not a bug of the
    analysis, and no file's fault: the command line says so once, before any file is read."""


def solver_missing() -> str | None:
    """Why the Z3 solver cannot be imported in this Python (None: it can), found without importing it."""
    import importlib.util
    import sys

    if importlib.util.find_spec("z3") is not None:
        return None
    return (f"the Z3 solver is not installed in this Python ({sys.executable}): install shapecheck with its "
            "dependencies (`pip install .` in a clone, or `pip install shapecheck-static`), or `pip install z3-solver`")


def _z3():
    try:
        import z3  # lazy: importing Z3 costs ~0.1 s, and concrete code never needs it
    except ImportError:
        raise SolverMissing(solver_missing() or "the Z3 solver (z3-solver) cannot be imported") from None
    return z3


#: Z3's rewrites before its SMT core searches a check without tracked facts (see
#: :meth:`Encoding.solver`): equalities solved (``n == a*b`` substitutes ``n``), then products
#: expanded into sums of monomials. Without them diffusers' ``upfirdn2d_native`` reshape
#: divisibility (a 500K-step question) ran out of steps; with them it is answered in 250K. None of
#: them has a wall-clock limit.
PREPROCESS = ("simplify", "propagate-values", "solve-eqs", ("simplify", {"som": True}))


class Encoding:
    """One question in Z3: a fresh context (see the module docstring), one integer variable per
    symbol named by first appearance (``v0``, ``v1``, ...), and solvers with the step limits.
    ``variables`` maps each symbol's name to its Z3 variable."""

    def __init__(self, rlimit: int = RLIMIT, timeout_ms: int = BACKSTOP_MS):
        self.z3 = z3 = _z3()
        self.ctx = z3.Context()
        self.variables: dict = {}
        self._operations: dict = {}   # Op -> its term, once per question (see _atom)
        self.rlimit = rlimit
        self.timeout_ms = timeout_ms
        self._solvers: list = []

    def dim(self, d: Dim):
        z3 = self.z3
        if type(d) is int:
            return z3.IntVal(d, self.ctx)
        total = z3.IntVal(d.constant, self.ctx) if d.constant else None
        for monomial, coeff in d.terms:
            term = None
            for atom in monomial:
                x = self._atom(atom)
                term = x if term is None else term * x
            if coeff != 1:
                term = z3.IntVal(coeff, self.ctx) * term
            total = term if total is None else total + term
        return total

    def _atom(self, atom):
        z3 = self.z3
        if type(atom) is Sym:
            v = self.variables.get(atom.name)
            if v is None:
                v = self.variables[atom.name] = z3.Int(f"v{len(self.variables)}", self.ctx)
            return v
        # an operation's term once per question: expanded products share their atoms, which a walk
        # of the tree built once per monomial (diffusers' upfirdn2d: 64,000 atoms for 147 dims)
        term = self._operations.get(atom)
        if term is None:
            term = self._operations[atom] = self._operation(atom)
        return term

    def _operation(self, atom):
        z3 = self.z3
        a, b = (self.dim(x) for x in atom.args)
        if atom.kind == "floordiv":
            return a / b  # Z3's integer division agrees with floor division for positive divisors
        if atom.kind == "mod":
            return a % b
        if atom.kind == "min":
            return z3.If(a <= b, a, b)
        return z3.If(a >= b, a, b)

    def pred(self, p: Pred):
        z3 = self.z3
        k = p.kind
        if k == "true":
            return z3.BoolVal(True, self.ctx)
        if k == "false":
            return z3.BoolVal(False, self.ctx)
        if k in ("eq", "ne", "le", "lt"):
            a, b = (self.dim(x) for x in p.args)
            # only the one comparison asked for: each costs z3py ~30 calls
            return a == b if k == "eq" else a != b if k == "ne" else a <= b if k == "le" else a < b
        if k == "and":
            return z3.And([self.pred(x) for x in p.args] or [z3.BoolVal(True, self.ctx)])
        if k == "or":
            return z3.Or([self.pred(x) for x in p.args] or [z3.BoolVal(False, self.ctx)])
        if k == "not":
            return z3.Not(self.pred(p.args[0]))
        raise ValueError(k)

    def nonnegative(self, exclude: frozenset[str] = frozenset()) -> list:
        """Every symbol is a size or a count (>= 0), except signed ones and ``exclude``."""
        return [v >= 0 for name, v in self.variables.items() if not is_signed(name) and name not in exclude]

    def solver(self, tracked: bool = False):
        """A solver over this context with the question's step limits, never Z3's default one.

        The default solver hands a check without tracked facts to Z3's tactic for the question's
        logic, and for non-linear integers that tactic (``qfnia``) is ``or_else(sat, try_for(smt,
        2000 ms), try_for(nlsat, 3000 ms), smt)``: a wall-clock switch inside Z3, so the same question
        ran to its 5M-step limit (unknown) on an idle core and was answered by nlsat at 2.3M-4.5M
        steps on a busy one (BENCHMARKS.md, "Z3's step counts across processes"). Here a check with
        ``tracked`` facts (``assert_and_track``, for an unsat core) runs Z3's SMT core itself, as the
        default solver did; any other the same core after :data:`PREPROCESS`, the rewrites that
        strategy starts with. Both count only steps."""
        z3, ctx = self.z3, self.ctx
        if tracked:
            s = z3.SimpleSolver(ctx=ctx)
        else:
            rewrites = [z3.Tactic(step, ctx) if isinstance(step, str) else z3.With(step[0], ctx=ctx, **step[1])
                        for step in PREPROCESS]
            s = z3.Then(*rewrites, z3.Tactic("smt", ctx), ctx=ctx).solver()
        s.set("rlimit", self.rlimit)      # per check, counted from where the context stands
        s.set("timeout", self.timeout_ms)
        self._solvers.append(s)
        return s

    def spent(self) -> int:
        """The Z3 steps this question took (the context's count: its solvers together)."""
        if not self._solvers:
            return 0
        z3, stats = self.z3, self._solvers[-1].statistics()
        ref, raw = self.ctx.ref(), stats.stats
        # one pass from the end, where Z3 lists it: ``keys()`` then ``get_key_value`` walked every
        # counter twice, ~5 z3py calls each (vit-pytorch: 108,000 calls for 188 questions)
        for index in reversed(range(len(stats))):
            if z3.Z3_stats_get_key(ref, raw, index) == "rlimit count":
                return int(z3.Z3_stats_get_uint_value(ref, raw, index))
        return 0

    @staticmethod
    def cut_short(s) -> bool:
        """Whether ``s``'s last check gave up at the wall-clock back-stop (which depends on load),
        not at the step limit (Z3 says "canceled") or incomplete arithmetic (both deterministic)."""
        return "timeout" in s.reason_unknown()


class Solver:
    """A Z3 front end with a per-question step limit and a memo. One per analysis run (not global)."""

    def __init__(self, timeout_ms: int = BACKSTOP_MS, budget_s: float = BACKSTOP_BUDGET_S, *,
                 rlimit: int = RLIMIT, budget: int = RLIMIT_BUDGET):
        self.rlimit = rlimit
        self.budget = budget          # Z3 steps this run may spend (see RLIMIT_BUDGET)
        self.spent = 0
        self.timeout_ms = timeout_ms  # wall-clock back-stops (see BACKSTOP_MS)
        self.budget_s = budget_s
        self.spent_s = 0.0
        self._memo: dict = {}
        self.queries = 0
        self.timeouts = 0
        #: how many questions each stage answered (see :data:`STAGES`), to measure where decisions go
        self.stages: Counter[str] = Counter()

    def encoding(self) -> Encoding:
        """A fresh Z3 encoding for one question, with this run's limits."""
        return Encoding(self.rlimit, self.timeout_ms)

    @contextmanager
    def limited(self, rlimit: int) -> Iterator[None]:
        """Each question asked meanwhile gets at most ``rlimit`` Z3 steps: for an analysis whose
        findings nobody sees (a coverage-only re-run), where an open question costs only time. The
        memos keep answers per limit, so what it leaves unknown stays open to the others."""
        outer, self.rlimit = self.rlimit, min(self.rlimit, rlimit)
        try:
            yield
        finally:
            self.rlimit = outer

    def _exhausted(self) -> bool:
        return self.spent >= self.budget or self.spent_s >= self.budget_s

    # -- questions ------------------------------------------------------------------------------
    def decide(self, facts: Sequence[Fact], requirement: Pred) -> Decision:
        if requirement.kind == "true":
            self.stages["syntactic"] += 1
            return Decision(Verdict.HOLDS)
        if requirement.kind == "false":
            self.stages["syntactic"] += 1
            return Decision(Verdict.FAILS)
        symbols = pred_symbols(requirement)
        chosen = tuple(relevant_facts(facts, symbols, fold_repeats=True))
        return self._memoised((chosen, requirement, self.rlimit), chosen, requirement)

    def _memoised(self, key, chosen: tuple[Fact, ...], requirement: Pred, bound: frozenset[str] | None = None) -> Decision:
        """This run's answer (:meth:`_answer`), kept under ``key``; UNKNOWN when this run may not
        ask Z3 any more (budget spent, or a wall-clock back-stop cut it short): an answer about
        the run, not the question, so it is not kept."""
        hit = self._memo.get(key)
        if hit is None:
            hit = self._answer(chosen, requirement, bound)
            if hit is None:
                self.stages["unknown"] += 1
                return Decision(Verdict.UNKNOWN, timed_out=True, budget_spent=self._exhausted())
            self._memo[key] = hit
        else:
            self.stages["memo"] += 1
        return hit

    def _answer(self, chosen: tuple[Fact, ...], requirement: Pred, bound: frozenset[str] | None = None) -> Decision | None:
        """Cheapest first: this question asked before (as is, or under other symbol names:
        canonical.py), bounds (intervals.py), the answers Python finds (:meth:`_without_z3`),
        then Z3; None when Z3 may not be asked (see :meth:`_asked`). ``bound``: the loop indices
        of a question about every iteration (:meth:`decide_for_all`), which only bounds and Z3
        answer; its memo keys say which symbols are bound (each loop's analysis makes its index and
        sizes afresh, and sklearn's graph lasso asked Z3 the same ~30 questions 1,034 times)."""
        shape, names = question_key([f.pred for f in chosen], requirement)
        if bound is None:
            exact, renamed_key = ((chosen, requirement), self.rlimit), (shape, self.rlimit)
        else:
            numbered = frozenset(i for i, name in enumerate(names) if name in bound)
            exact = (("for_all", bound, chosen, requirement), self.rlimit)
            renamed_key = (("for_all", shape, numbered), self.rlimit)
        hit = self._recalled(exact, renamed_key, names)
        if hit is not None:
            self.stages["recalled"] += 1
            return hit
        if intervals.holds(requirement, (f.pred for f in chosen)):
            # an index kept in range by its loop's own range (1 <= i < n-1 => -n <= i+1 < n)
            # needs no quantifier (a jit compile of k-means asked Z3 124 of these, 0.6 s)
            stage, hit = "interval", Decision(Verdict.HOLDS)
        else:
            found = self._without_z3(chosen, requirement, names) if bound is None else None
            if found is None:
                hit = self._decide(chosen, requirement) if bound is None else self._decide_for_all(chosen, bound, requirement)
                if hit is None:
                    return None
                stage = "z3"
                _remember(exact, hit)
            else:
                stage, hit = found
                if hit.verdict is Verdict.FAILS:
                    _remember(exact, hit)
        self.stages[stage] += 1
        if hit.verdict is not Verdict.FAILS or not hit.core:
            # (a FAILS's unsat core may differ under other names: kept exact, so its message
            # cannot depend on which copy of the question came first)
            _remember(renamed_key, _renamed(hit, {n: i for i, n in enumerate(names)}))
        return hit

    def _recalled(self, exact, renamed_key, names: list[str]) -> Decision | None:
        """The remembered answer to this question, as asked (``exact``) or under other names
        (``renamed_key``, its symbols numbered as ``names`` lists them), charged to this run."""
        hit = _DECIDED.get(exact)
        if hit is not None:
            return self._charged(hit)
        renamed = _DECIDED.get(renamed_key)
        return None if renamed is None else self._charged(_renamed(renamed, names))

    def _charged(self, hit: Decision) -> Decision:
        """A remembered answer costs this run what it cost to find: the budget runs out at the
        same question whichever files this process checked before (``-j 1`` = ``-j N``)."""
        if hit.cost:
            if self._exhausted():
                return Decision(Verdict.UNKNOWN, timed_out=True, budget_spent=True)
            self.spent += hit.cost
        return hit

    def _without_z3(self, facts: tuple[Fact, ...], requirement: Pred, order: list[str]) -> tuple[str, Decision] | None:
        """SOMETIMES by two witnesses, HOLDS by a proof or FAILS by bounds, found in Python,
        cheapest first, with the stage that answered (:data:`STAGES`): sampling fixed small values
        (:meth:`_sample`), bounds against the requirement once sampling holds a model of the facts
        (``intervals.refuting``), sampling again where a divisor is 0 (:meth:`_sample_by_zero`),
        witnesses by repair (witnesses.py), proof by cases (cases.py), repairs by zero, a proof
        from the facts that divide by no size that may be 0 (``cases.holds_by_fewer``). Each
        answer is one Z3 would give (their modules say why), so no two stages answer one question
        differently and their order is their cost alone; None leaves the question to Z3.
        ``order``: the symbols by first appearance (canonical.py).

        The repairs go before the cases: of diffusers' 792 questions that came to the cases, 681
        were not proved (0.88 s of the cases' 0.94 s), 447 of them then answered by a repair
        (0.26 s for all 447); the cases' 111 proofs now cost a failed repair each (~1 ms).

        Sampling by zero goes before the repairs, which cost a hundred times more and fail where
        the missing witness divides by 0 (vit-pytorch: 89 questions, 600,000 calls of searches
        that failed before sampling by zero answered). The repairs still start from sampling's
        own witnesses, so they find what they found before, and a question they cannot answer
        meets the same witnesses by zero after them: the questions left to Z3 are the same."""
        fails, holds, undefined = self._sample(facts, requirement, order)
        if fails and holds:
            return "sampling", Decision(Verdict.SOMETIMES, counterexample=dict(fails), witness=dict(holds))
        preds = [f.pred for f in facts]
        if holds is None:
            core = intervals.refuting(requirement, preds)
            # a model of every fact (sampling's failing values, else a repair search) makes any
            # part of them consistent, the facts Z3 would blame too: its FAILS, whatever its core
            if core is not None and (fails is not None or self._model(preds, order) is not None):
                return "interval-fails", Decision(Verdict.FAILS, tuple(facts[i] for i in core))
        zero_fails, zero_holds = self._sample_by_zero(facts, requirement, undefined, fails, holds)
        if zero_fails and zero_holds:
            return "by-zero", Decision(Verdict.SOMETIMES, counterexample=dict(zero_fails), witness=dict(zero_holds))
        if order and len(order) <= MAX_SAMPLED:
            # values that tie symbols together (``a == b or a == 1``, ``b*h*w == b*p*q``) are
            # rarely among the fixed ones: search for the missing witness by repairing them
            found = witnesses.witnesses(preds, requirement, order, _assignments(order, _constants(requirement)),
                                        (fails, holds))
            if found is not None:
                return "witnesses", Decision(Verdict.SOMETIMES, counterexample=found[0], witness=found[1])
        if cases.holds(requirement, preds):
            return "cases", Decision(Verdict.HOLDS)
        fails, holds = zero_fails, zero_holds
        if undefined and len(order) <= MAX_SAMPLED:
            # a divisor the samples made 0 ties other symbols to it (``h*(n//h) == n`` wants n = 0)
            for by_zero in _REPAIR_BY_ZERO:
                found = witnesses.witnesses(preds, requirement, order, undefined, (fails, holds), by_zero)
                if found is not None:
                    return "by-zero", Decision(Verdict.SOMETIMES, counterexample=found[0], witness=found[1])
        if not self._exhausted() and cases.holds_by_fewer(requirement, preds):
            # a proof that spares Z3 a question (cases.py), whose search grows with the square of
            # the facts: once the run's Z3 budget is spent the question is unknown, as every open
            # one is past it (RLIMIT_BUDGET). A fuzzed ``while`` unrolled 16 times, each pass adding
            # facts to every later question, spent 9 of its 18 CPU s here after its budget was gone.
            return "fewer-facts", Decision(Verdict.HOLDS)
        return None

    @staticmethod
    def _model(preds: list[Pred], order: list[str]) -> dict | None:
        """Values under which every one of ``preds`` holds, by repair (witnesses.py); None if not found."""
        if not order or len(order) > MAX_SAMPLED:
            return None
        return witnesses.model(preds, order, _assignments(order))

    def _sample(self, facts: tuple[Fact, ...], requirement: Pred,
                order: list[str]) -> tuple[dict | None, dict | None, list[dict]]:
        """Witnesses among small values: ``(fails, holds, undefined)``, values consistent with the
        facts under which the requirement fails and holds, each None if none was found, and the
        values tried that divide by 0 (for :meth:`_sample_by_zero`).

        Most undecided questions are like ``b*d*t == b*d*d*t``: non-linear, where Z3 may take a
        second to say what ``d = 1`` and ``d = 2`` show at once. Only HOLDS and FAILS need proofs."""
        # ``order``: the symbols by first appearance in the question (canonical.py), so every copy of
        # a question under other names tries the same values and finds the same witnesses: what
        # the memo answers for a copy is what asking it afresh would have found
        holds = fails = None
        undefined: list[dict] = []
        if not order or len(order) > MAX_SAMPLED:
            return fails, holds, undefined
        question = _compiled(facts, requirement)
        for values in _assignments(order, _constants(requirement)):
            try:
                outcome = _outcome(question, values)
                if outcome is None:
                    continue
                fails, holds = _witnessed(outcome, values, fails, holds)
            except ZeroDivisionError:
                undefined.append(values)
                continue
            except (KeyError, ValueError):
                continue
            if holds and fails:
                break
        return fails, holds, undefined

    @staticmethod
    def _sample_by_zero(facts: tuple[Fact, ...], requirement: Pred, undefined: list[dict],
                        fails: dict | None, holds: dict | None) -> tuple[dict | None, dict | None]:
        """The witnesses :meth:`_sample` lacks, among the values it tried that divide by 0, with
        what each division by 0 gives chosen as Z3 may choose it (dims.ByZero). Z3 itself answers
        so: of vit-pytorch's 150 SOMETIMES questions that reached it, 114 had both witnesses
        dividing by 0, each ~40 ms of Z3 (issue 11)."""
        questions: dict = {}
        for values in undefined:
            for by_zero in _BY_ZERO:
                question = questions.get(by_zero)
                if question is None:
                    question = questions[by_zero] = _compiled(facts, requirement, by_zero)
                try:
                    outcome = _outcome(question, values)
                    if outcome is None:
                        continue
                    fails, holds = _witnessed(outcome, values, fails, holds)
                except (KeyError, ValueError):
                    break
                if holds and fails:
                    return fails, holds
        return fails, holds

    def _decide(self, facts: tuple[Fact, ...], requirement: Pred) -> Decision | None:
        with self.limited(_step_limit(requirement)):
            return self._asked(lambda enc: self._decide_z3(enc, facts, requirement))

    def _asked(self, question) -> Decision | None:
        """``question(encoding)``, Z3's answer, with its cost; None when this run may not ask
        (budget spent) or a wall-clock back-stop cut the answer short."""
        if self._exhausted():
            return None
        began = time.perf_counter()
        enc = self.encoding()
        try:
            hit = question(enc)
        except _CutShort:
            hit = None
        finally:
            self.spent_s += time.perf_counter() - began
            cost = enc.spent()
            self.spent += cost
        return None if hit is None else _costing(hit, cost)

    def _check(self, enc: Encoding, s):
        """``s.check()``; _CutShort when the wall-clock back-stop decided it."""
        result = s.check()
        if result == enc.z3.unknown and enc.cut_short(s):
            raise _CutShort
        return result

    def _decide_z3(self, enc: Encoding, facts: tuple[Fact, ...], requirement: Pred) -> Decision:
        z3 = enc.z3
        self.queries += 1
        req = enc.pred(requirement)
        fact_terms = [enc.pred(f.pred) for f in facts]
        base = enc.nonnegative()

        # Does the requirement fail for every consistent value?  (facts and req unsat)
        s = enc.solver(tracked=True)
        s.add(base)
        labels = []
        for i, term in enumerate(fact_terms):
            label = z3.Bool(f"__fact{i}", enc.ctx)
            labels.append(label)
            s.assert_and_track(term, label)
        s.add(req)
        first = self._check(enc, s)
        if first == z3.unsat:
            core_names = {str(x) for x in s.unsat_core()}
            core = tuple(f for f, label in zip(facts, labels) if str(label) in core_names)
            if core and self._consistent(enc, core) is not True:
                # The facts contradict each other: this code is unreachable (or the analysis lost
                # track), and "fails for every consistent value" would be vacuous. Say nothing.
                return Decision(Verdict.UNKNOWN)
            return Decision(Verdict.FAILS, core)
        if first == z3.unknown:
            # whatever the second check says, the answer is UNKNOWN (HOLDS needs the facts and the
            # requirement satisfiable, SOMETIMES a model of both): it would only spend its steps
            self.timeouts += 1
            return Decision(Verdict.UNKNOWN, timed_out=True)
        # Does it hold for every consistent value?  (facts and not req unsat)
        s2 = enc.solver()
        s2.add(base)
        s2.add(fact_terms)
        s2.add(z3.Not(req))
        second = self._check(enc, s2)
        if second == z3.unsat:
            return Decision(Verdict.HOLDS) if first == z3.sat else Decision(Verdict.UNKNOWN, timed_out=True)
        return self._sometimes(enc, first, second, s2, s)

    def _sometimes(self, enc: Encoding, first, second, witness, holding=None) -> Decision:
        """SOMETIMES with the failing values ``witness``'s model gives (and the holding ones of
        ``holding``'s, when given), or UNKNOWN if either check ran out of steps."""
        z3 = enc.z3
        if first == z3.unknown or second == z3.unknown:
            self.timeouts += 1
            return Decision(Verdict.UNKNOWN, timed_out=True)
        example = _values(witness.model(), enc.variables)
        return Decision(Verdict.SOMETIMES, counterexample=example,
                        witness=_values(holding.model(), enc.variables) if holding is not None else None)

    def decide_for_all(self, facts: Sequence[Fact], bound: frozenset[str], requirement: Pred) -> Decision:
        """Does ``requirement`` hold on every value of the ``bound`` symbols (loop indices) that the
        facts mentioning them allow? Answered over the other unknowns, like :meth:`decide`:

        * HOLDS: it holds for every bound value, whatever the others are;
        * FAILS: for every consistent value of the others, some bound value breaks it (a loop that
          runs off its array on some iteration, whatever the array's size);
        * SOMETIMES: it depends on the others. A loop whose range may be empty never fails.

        The facts that mention a bound symbol are its range and the path conditions around the use
        (``if i < n:``): they restrict the iterations that reach it, so they sit under the quantifier."""
        if requirement.kind == "true":
            return Decision(Verdict.HOLDS)
        chosen = tuple(relevant_facts(facts, pred_symbols(requirement)))
        # Only the bound symbols the question mentions matter to its answer (each loop's index
        # is a fresh symbol: with all of them in the key the memo rarely saw a question twice).
        mentioned = pred_symbols(requirement).union(*(pred_symbols(f.pred) for f in chosen))
        bound = bound & mentioned
        return self._memoised((("for_all", bound, chosen, requirement), self.rlimit), chosen, requirement, bound)

    def _decide_for_all(self, facts: tuple[Fact, ...], bound: frozenset[str], requirement: Pred) -> Decision | None:
        with self.limited(min(_step_limit(requirement), RLIMIT_QUANTIFIED)):
            return self._asked(lambda enc: self._decide_for_all_z3(enc, facts, bound, requirement))

    def _decide_for_all_z3(self, enc: Encoding, facts: tuple[Fact, ...], bound: frozenset[str],
                           requirement: Pred) -> Decision:
        z3 = enc.z3
        self.queries += 1
        req = enc.pred(requirement)
        inner = [enc.pred(f.pred) for f in facts if pred_symbols(f.pred) & bound]
        outer = [enc.pred(f.pred) for f in facts if not pred_symbols(f.pred) & bound]
        # the bound symbols range over what their facts say (range(-n, n) is negative too)
        base = enc.nonnegative(bound)
        # HOLDS: no iteration the facts allow breaks it (the bound symbols are free: one witness)
        s = enc.solver()
        s.add(base + outer + inner)
        s.add(z3.Not(req))
        first = self._check(enc, s)
        if first == z3.unsat:
            return Decision(Verdict.HOLDS)
        # FAILS: no value of the others lets every iteration meet it
        # in the order of first appearance, as the variables are named: a copy of the question under
        # other names (answered from the memo) is the same question to Z3
        bound_vars = [v for name, v in enc.variables.items() if name in bound]
        every = z3.ForAll(bound_vars, z3.Implies(z3.And(inner + [z3.BoolVal(True, enc.ctx)]), req)) if bound_vars else req
        s2 = enc.solver()
        s2.add(base + outer)
        s2.add(every)
        second = self._check(enc, s2)
        if second == z3.unsat:
            s3 = enc.solver()
            s3.add(base + outer)
            return Decision(Verdict.FAILS) if self._check(enc, s3) == z3.sat else Decision(Verdict.UNKNOWN)
        return self._sometimes(enc, first, second, s)

    def is_satisfiable(self, facts: Sequence[Fact]) -> bool | None:
        """Whether the facts are consistent (None when Z3 runs out of steps)."""
        enc = self.encoding()
        try:
            return self._consistent(enc, facts)
        except _CutShort:
            return None
        finally:
            self.spent += enc.spent()

    def _consistent(self, enc: Encoding, facts: Sequence[Fact]) -> bool | None:
        terms = [enc.pred(f.pred) for f in facts]
        s = enc.solver()
        s.add(enc.nonnegative())
        s.add(terms)
        r = self._check(enc, s)
        return None if r == enc.z3.unknown else r == enc.z3.sat

    def implied_value(self, facts: Sequence[Fact], d: Dim, candidates: Iterable[Dim]) -> Dim | None:
        """The first candidate ``c`` with facts => d == c, if any (used to solve shape holes)."""
        for c in candidates:
            if self.decide(facts, eq(d, c)).verdict is Verdict.HOLDS:
                return c
        return None
