"""Summaries over sizes: one run of a body stands for every call that differs only in its arrays'
concrete sizes (issue 11, item 1).

A test calls the library's helpers with arrays of many concrete shapes (``X`` of ``(10, 5)``, then
``(20, 3)``); each call's key (summaries.py) holds its sizes, so each ran the body again. A call's
*shape key* is its key with every concrete size >= 2 of its arrays replaced by a placeholder, equal
sizes by one (0 and 1 stay: broadcasting decides on them). At the third distinct sizes of a shape
key (:data:`AT`), the body runs once over fresh symbols in their places (the *parametric run*);
its summary stands for every call with that shape key, the call's sizes substituted for the
symbols in its result, refined and changed parameters and call-site ranks (``Calls._call``,
:func:`substitution`, :func:`observed_at`), where it is exact:

- P1 no decision of the run read one of the symbols: no question the solver answered with
  SOMETIMES or UNKNOWN about them, no branch, ``while`` or short-circuit whose condition over
  them the run could not decide, no loop over a length made of them (``Reading.decided``, its
  callees' and the summaries they reused included). Every decision it made then holds for every
  value of the symbols, so a run at the concrete sizes makes the same ones;
- P2 it found no error (a message names its dims), changed no object, and its result holds none;
- P3 substituting the first call's sizes gives that call's summary (result, refined and changed
  parameters, up to the names of the symbols each run made up): what P1 cannot see -- code that
  takes another path for an int than for a symbol (``type(d) is int``) -- shows there.

A function whose parametric run is not exact is not tried again (the runs it costs are bounded by
the functions called). An editor's runs make none (their summaries are kept across runs). ``SHAPECHECK_PARAMETRIC=0`` turns it off; ``SHAPECHECK_PARAMETRIC_VERIFY=1``
also runs every call a parametric summary answers and counts where the two differ (a debug check).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, replace

from ...constraints import dims as D
from ...constraints.predicates import pred_symbols
from ...constraints.solver import Solver, Verdict, relevant_facts
from ..core.freshen import map_dims
from ..core.values import Array, Int, List, Tuple, Unknown, Value, with_shape
from .callsites import PASSED_INT
from .renaming import names_of

ENABLED = os.environ.get("SHAPECHECK_PARAMETRIC", "1") != "0"
VERIFY = os.environ.get("SHAPECHECK_PARAMETRIC_VERIFY", "") == "1"
#: The distinct sizes a shape key is called with when its run over symbols is made (a count): at
#: the second, vit-pytorch's layers ran 40 such runs, 29 refused, for 38 calls (+41 bodies in all);
#: at the third, 4 runs (-4 bodies); scikit-learn's linear_model with its tests -378 and -279.
AT = int(os.environ.get("SHAPECHECK_PARAMETRIC_AT", "3"))

#: A placeholder's name: no analysis symbol starts so.
_PLACEHOLDER = "\x01"
_LEAST_ABSTRACTED = 2   # 0 and 1 decide broadcasts


def placeholder(i: int) -> str:
    return f"{_PLACEHOLDER}{i}"


def abstract_sizes(args: list, kwargs: dict) -> tuple[list, dict, tuple] | None:
    """The arguments with each concrete size >= 2 of an array replaced by a placeholder symbol (a
    size met again, the same one), and the sizes in placeholder order; None where there is none.
    An array that knows its values (a small literal index array) keeps its sizes."""
    sizes: dict = {}

    def dim(d):
        if type(d) is int and d >= _LEAST_ABSTRACTED:
            return D.sym(placeholder(sizes.setdefault(d, len(sizes))))
        return d

    def value(v: Value) -> Value:
        t = type(v)
        if t is Array:
            s = v.shape
            if v.values is not None or v.layout is not None:
                return v
            prefix, suffix = tuple(dim(d) for d in s.prefix), tuple(dim(d) for d in s.suffix)
            if prefix == s.prefix and suffix == s.suffix:
                return v
            return with_shape(v, replace(s, prefix=prefix, suffix=suffix))
        if t is Tuple:
            return replace(v, items=tuple(value(i) for i in v.items))
        if t is List and v.items is not None:
            return replace(v, items=tuple(value(i) for i in v.items))
        return v

    new_args = [value(v) for v in args]
    new_kwargs = {k: value(kwargs[k]) for k in sorted(kwargs)}
    if not sizes:
        return None
    return new_args, new_kwargs, tuple(sizes)


def substitution(symbols: tuple, sizes: tuple):
    """The map from a parametric run's symbols to one call's sizes, on dims."""
    mapping = dict(zip(symbols, sizes))
    return lambda d: D.substitute(d, mapping)


def outcome_values(summary) -> Tuple:
    """A summary's result, refined and changed parameters as one value (names in order)."""
    return Tuple((summary.result,) + tuple(v for _, v in summary.refined + summary.changed))


def made_up_canonical(v: Value, given: set) -> Value:
    """``v`` with the symbols ``given`` does not hold (those a run made up) and its derived tokens
    renamed in order of appearance: two runs' outcomes compare equal up to what each made up."""
    order: dict = {}
    names_of(v, order.setdefault)
    symbols: dict = {}
    tokens: dict = {}
    for kind, name in order:
        if kind == "symbol" and name not in given:
            symbols[name] = D.sym(f"\x02{len(symbols)}")
        elif kind == "derived":
            tokens[name] = -(len(tokens) + 1)
    if symbols:
        v = map_dims(v, lambda d: D.substitute(d, symbols))
    if tokens:
        v = _retoken(v, tokens)
    return v


def _retoken(v: Value, tokens: dict) -> Value:
    t = type(v)
    if t is Unknown and v.derived in tokens:
        return replace(v, derived=tokens[v.derived])
    if t is Tuple:
        return replace(v, items=tuple(_retoken(i, tokens) for i in v.items))
    if t is List:
        items = None if v.items is None else tuple(_retoken(i, tokens) for i in v.items)
        return replace(v, items=items, element=_retoken(v.element, tokens))
    return v


def observed_at(observed: tuple, sizes) -> tuple:
    """A parametric summary's call-site observations (callsites.py) at one call's sizes: an int made
    of its symbols (seen as itself in its run) is the literal it is there, else any int."""
    out = []
    for fn, name, rank, layer in observed:
        if type(rank) is Int:
            rank = Int(sizes(rank.dim))
            if type(rank.dim) is not int:
                rank = PASSED_INT
        out.append((fn, name, rank, layer))
    return tuple(out)


def _seen_in(observed: tuple, first: tuple) -> bool:
    """Whether every observation of ``observed`` is one of ``first``'s: what reads them takes each
    parameter's set of ranks (``CallSites.agreed_ranks``), and the first call of a run may observe
    more, in the module bodies its run loaded on the way. A function is its code: a closure is made
    anew by each run of the body that defines it."""
    seen = [(fn.node, name, rank, layer) for fn, name, rank, layer in first]
    try:
        seen = set(seen)
    except TypeError:   # a layer that is not hashable: compared one by one
        pass
    return all((fn.node, name, rank, layer) in seen for fn, name, rank, layer in observed)


def same_outcome(first, first_given: set, parametric, symbols: tuple, sizes: tuple) -> bool:
    """P3: ``parametric`` (a summary over ``symbols``) at ``sizes`` is ``first`` (the summary of the
    call with those sizes), up to the symbols each made up."""
    at = substitution(symbols, sizes)
    if ([n for n, _ in first.refined] != [n for n, _ in parametric.refined]
            or [n for n, _ in first.changed] != [n for n, _ in parametric.changed]
            or not _seen_in(observed_at(parametric.observed, at), first.observed) or first.demands != parametric.demands):
        return False
    at_sizes = map_dims(outcome_values(parametric), at)
    return made_up_canonical(at_sizes, first_given) == made_up_canonical(outcome_values(first), first_given)


@dataclass(frozen=True, slots=True)
class ShapeEntry:
    """What a shape key holds: the first call's summary, its sizes and the symbols its arguments
    held; or, once its run is exact, the parametric summary and its run's symbols."""

    summary: object
    sizes: tuple = ()
    given: frozenset = frozenset()
    symbols: tuple = ()   # (a parametric summary's)


class Parametric:
    """One run's shape keys (shape key -> ShapeEntry) and the functions refused."""

    def __init__(self):
        self.entries: dict = {}
        self.sizes: dict = {}       # shape key -> the distinct sizes its calls had, while it has no run over symbols
        self.refused: set = set()   # ids of function nodes whose parametric run was not exact
        self.nodes: list = []       # the refused nodes, kept alive while their ids are
        # what this run did: parametric runs made, exact ones, calls answered, refusals by reason,
        # and in VERIFY mode the answers that differed from a run
        self.stats: Counter = Counter()


def question_symbols(facts, requirement) -> set:
    """The symbols a question is about: its requirement's and those of the facts connected to it."""
    symbols = pred_symbols(requirement)
    for fact in relevant_facts(facts, frozenset(symbols)):
        symbols = symbols | pred_symbols(fact.pred)
    return set(symbols)


class WatchedSolver(Solver):
    """The run's solver, telling ``watch`` the symbols of each question it could not decide for
    every value (SOMETIMES, UNKNOWN): a decision that read them (P1). ``watching`` says whether a
    body run is in progress to be told (the symbols are found only then)."""

    watch = None
    watching = None

    def _told(self) -> bool:
        return self.watch is not None and self.watching()

    def decide(self, facts, requirement):
        decision = super().decide(facts, requirement)
        if decision.verdict in _UNDECIDED and self._told():
            self.watch(question_symbols(facts, requirement))
        return decision

    def decide_for_all(self, facts, bound, requirement):
        decision = super().decide_for_all(facts, bound, requirement)
        if decision.verdict in _UNDECIDED and self._told():
            self.watch(question_symbols(facts, requirement))
        return decision

    def is_satisfiable(self, facts):
        if facts and self._told():
            self.watch({s for f in facts for s in pred_symbols(f.pred)})
        return super().is_satisfiable(facts)

    def implied_value(self, facts, d, candidates):
        if self._told():
            self.watch(set(D.free_symbols(d)) | {s for f in facts for s in pred_symbols(f.pred)})
        return super().implied_value(facts, d, candidates)


_UNDECIDED = (Verdict.SOMETIMES, Verdict.UNKNOWN)


__all__ = ["AT", "ENABLED", "VERIFY", "abstract_sizes", "substitution", "outcome_values", "made_up_canonical",
           "same_outcome", "observed_at", "ShapeEntry", "Parametric", "WatchedSolver", "question_symbols",
           "placeholder"]
