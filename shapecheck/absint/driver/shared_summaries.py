"""Call summaries shared by the files one process checks (issue 11).

A call's summary (summaries.py) lived as long as one checked file's run, so every file that built a
timm model re-ran the same library calls (``create_conv2d(64, 128, 3, stride=2)``: 2,074 runs for
810 distinct calls over timm). A kept module (shared_modules.py) is the same Python object in every
run of the process that takes it -- its functions, its classes, its frozen objects -- so a call key
(``summaries.call_key``) that names only those by identity, and plain values and objects by
content, means the same call in any run of the process. A summary made in one file's run answers
that call in the next file's run when it is exact there too (S1-S5):

- S1 (no file's own values): its key holds no class, function, module or object a run made for
  itself (the checked file's, a module that run loaded itself: ``_Portable``), and its run read
  none either (``Summary.local``: a global of such a module, a name it imports resolved to one);
  each name its run resolved (a kept module imports lazily: ``Modules.resolve_shared``) the run
  that takes it resolves alike (``Summary.resolved``: in the checked file's own run, its own);
- S2 (the same kept modules): neither the run that made it nor the run that takes it changed a kept
  module's object (``HeapClock.spoiled``, ``Entry.spoiled``): a change is that run's alone;
- S3 (nothing left behind): it found no error, left no note, finding or function to analyse later
  (``Summary.quiet``), met no expression of the checked file (``Summary.counted``) and gave no layer
  to a constructor (``Summary.observed``); an effect or a result holding objects holds, besides the
  objects its run made (copied at each use: effects.py), only kept modules' objects and objects its
  call was given (``Effect.passed``, ``Made.passed``: each use puts in their place the objects its
  own call's arguments reach by the same paths, as within one run; scikit-learn's ``fit`` returns
  ``self`` and its meta-estimators' ``__init__`` store the estimator they are given);
- S4 (the same budgets, as K5): a run that takes it is charged the statements and Z3 steps the
  run that made it spent (``Summary.steps``, ``Summary.z3``), as a run of the body would be; a run
  that cannot pay runs the body itself, and stops where that run stops. A body's cost depends on
  what its run had answered before (summaries within the run cost nothing), so at the very edge
  of a file's budget which file made a summary can still move where SC006 stops a file;
- S5 (the same answers): the run that made it had Z3 budget left and asked with the usual step
  limit (``unlimited``): what a run past its budget left open, another run decides.

A kept module's top-level function's generic analysis (its errors, which its calls leave out of
their SC110) is shared the same way (``find_generic``), under S1, S2, S4 and S5; so is a kept class's
method's, on the template of a kept class (``method_key``), where that template was built whole and
no method's analysis changed it, in the run that made it and in the run that takes it
(``Calls._shared_method``): what built the template is part of what the entry holds under.

An editor's runs (incremental projects) keep their own summaries (kept_summaries.py), which see
edits; they take none from here.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

from ..core.module import ModuleInfo
from ..core.values import (UNKNOWN, Array, BoundMethod, Class, Dict, Function, HeapClock, Instance, Int, LazyImport, List,
                           Opaque, ProjectModule, Tuple)
from ...constraints import dims as D
from .callsites import gives_layer
from .effects import Effect, holds_kept_objects_only
from .shared_modules import SYMBOL_SPAN, Entry, SharedModules
from .summaries import KeyCache, Node, Same, Summary, Unique, reads_hold, symbol_number

#: Summaries one process keeps per project, at most (a store this full starts over).
MAX_SHARED = 100_000


@dataclass(frozen=True)
class Generic:
    """A kept module's top-level function's generic analysis (``Calls.ensure_generic``), shared."""

    result: object      # a calls.GenericResult, its errors only
    reads: tuple        # the GlobalReads it holds under
    resolved: tuple     # (LazyImport, value): the imported names its run resolved
    steps: int
    z3: int
    named: tuple = ()     # a method's: the namings of the template it ran on (template_namings.py)
    namings: tuple = ()   # ... and those it made, which a run that takes it makes too


def generic_key(fn: Function) -> tuple:
    """The store's key of a kept module's top-level function's generic analysis."""
    return ("G", Same(fn))


def method_key(fn: Function, cls: Class) -> tuple:
    """The store's key of the generic analysis of ``fn``, a kept class's method, on the template of
    ``cls`` (a kept class: ``fn``'s or a subclass's), built whole (``Calls._shared_method``)."""
    return ("M", Same(fn), Same(cls))


#: call key -> Summary, per project (roots and options): the kept modules' store is the project's
_STORES: "weakref.WeakKeyDictionary[SharedModules, dict]" = weakref.WeakKeyDictionary()


def store_for(shared: SharedModules) -> dict:
    """The summaries shared alongside ``shared`` (the process's kept modules of one project)."""
    store = _STORES.get(shared)
    if store is None:
        store = _STORES[shared] = {}
    return store


def local_value(value) -> bool:
    """Whether ``value``, read from a module or resolved from an import, is one run's own (S1): a
    function, class or module of a module that run loaded itself, an object no kept module froze,
    a dim numbered by the run's own counter."""
    t = type(value)
    if t is Function or t is Class:
        return not value.module.shared
    if t is ProjectModule:
        return not value.info.shared
    if t is Instance:
        return value.attrs.owner is None
    if t is Opaque:
        # its own table: a run reads a kept one through a copy of its own (values.viewing), which no
        # kept module froze, but the object is still the kept module's (sklearn's ``sparse``, read by
        # every validation function, kept none of their summaries across files); a dim the run
        # named it by is the run's, though
        dim = value.dim
        return value.__dict__["members"].owner is None or dim is not None and _run_symbols(D.free_symbols(dim)) \
            or value.declared is not None and local_value(value.declared)
    if t is Int:
        return _run_symbols(D.free_symbols(value.dim))
    if t is Array:
        return any(_run_symbols(D.free_symbols(d)) for d in value.shape.prefix + value.shape.suffix)
    if t is Tuple or t is List:
        return any(local_value(item) for item in value.items or ())
    if t is Dict:
        return any(local_value(item) for _, item in value.items)
    if t is BoundMethod:
        return local_value(value.function) or local_value(value.receiver)
    return False


def _run_symbols(symbols) -> bool:
    return any(0 <= symbol_number(s) < SYMBOL_SPAN for s in symbols)


class _Portable:
    """Whether a call key names only what every run of the process shares (S1)."""

    def __init__(self, known: dict):
        self.known = known   # id of a Node -> (node, verdict), for one run

    def key(self, v) -> bool:
        t = type(v)
        if t is Node:
            hit = self.known.get(id(v))
            if hit is None or hit[0] is not v:
                hit = self.known[id(v)] = (v, self.key(v.key))
            return hit[1]
        if t is tuple:
            return all(map(self.key, v))
        if t is Same:
            obj = v.obj
            kind = type(obj)
            if kind is Class or kind is Function:
                return obj.module.shared
            if kind is ProjectModule:
                return obj.info.shared
            if kind is LazyImport:
                return obj.importer.shared
            return kind is ModuleInfo and obj.shared
        return t is not Unique


class RunSummaries:
    """One run's view of its project's shared summaries."""

    def __init__(self, store: dict, run):
        self.store = store
        self.run = run
        self.portable = _Portable({})
        self.taken = 0        # calls this run answered from the store
        self.given = 0        # summaries this run added to it
        # (how many entries the run had taken, Entry.spoilings) when none of them was found spoiled
        self.unspoiled = (-1, -1)

    def clean(self) -> bool:
        """S2: this run changed no kept module's object (so far). Asked at every call: the entries
        the run took are looked at again only when it took more or one of the process's was spoiled
        since (an entry once spoiled stays so, and the run's taken entries only grow)."""
        if HeapClock.spoiled:
            return False
        taken = self.run.modules.taken
        now = (len(taken), Entry.spoilings)
        if now == self.unspoiled:
            return True
        if any(entry.spoiled for entry in taken):
            return False
        self.unspoiled = now
        return True

    def unlimited(self) -> bool:
        """S5: the solver answered as it answers in any run: its Z3 budget not spent (a run past it
        leaves open what another run decides) and no lowered step limit (a coverage-only re-run's)."""
        solver = self.run.solver
        return (solver.spent < solver.budget and solver.spent_s < solver.budget_s
                and solver.rlimit == self.run.options.rlimit)

    def find(self, key, renamed, renaming, keys: KeyCache) -> tuple[Summary | None, bool]:
        """The shared summary of this call (by its key, else up to its names: renaming.py) that holds
        in this run and that it can pay for, charged to it (S4); and whether it was found by the
        renamed key."""
        entries = self.store
        summary, by_name = entries.get(key), False
        if summary is None and renamed is not None:
            summary, by_name = entries.get(renamed), True
            if summary is not None and not summary.answers(renaming):
                summary = None
        if (summary is None or not self.clean() or summary.reads and not reads_hold(summary.reads, keys)
                or not self._resolves_alike(summary.resolved)):
            return None, False
        if not self._charge(summary.steps, summary.z3):
            return None, False
        self.taken += 1
        return summary, by_name

    def _resolves_alike(self, resolved: tuple) -> bool:
        """Whether this run resolves each name the summary's run imported to what that run did (S1):
        a kept module's lazily imported name is resolved by each run for itself, to the checked file
        itself where that is what it names."""
        modules = self.run.modules
        for lazy, value in resolved:
            now = modules.resolve_shared(lazy)
            if not (now is value or type(now) is ProjectModule and type(value) is ProjectModule and now.info is value.info):
                return False
        return True

    def find_generic(self, fn: Function, keys: KeyCache):
        """The generic analysis of a kept module's top-level function that another run made, where it
        holds in this run and this run can pay for it (S1, S2, S4)."""
        kept = self.usable(generic_key(fn), keys)
        if kept is None or not self.pay((kept,)):
            return None
        return kept.result

    def usable(self, key, keys: KeyCache) -> Generic | None:
        """The shared generic analysis under ``key`` where it holds in this run (S1, S2), not charged."""
        kept = self.store.get(key)
        if (kept is None or not self.clean() or kept.reads and not reads_hold(kept.reads, keys)
                or not self._resolves_alike(kept.resolved)):
            return None
        return kept

    def pay(self, taken) -> bool:
        """Charge this run the generic analyses ``taken`` all together, where it can pay (S4)."""
        if not self._charge(sum(g.steps for g in taken), sum(g.z3 for g in taken)):
            return False
        self.taken += len(taken)
        return True

    def keep_generic(self, fn: Function, result, reading, steps: int, z3: int, key=None, also=None,
                     named: tuple = ((), ())) -> None:
        """Share the generic analysis of a kept module's top-level function ``fn`` this run made, where
        it read nothing of this run's own. Only its errors are kept (what a call leaves out of its
        SC110): its result and parameters name this run's symbols, and only the checked file's
        functions' signatures are shown. A kept class's method (``key``: :func:`method_key`) holds
        under what built its receiver's template too (``also``: those reads and names resolved), on
        its template named as it was, naming it as it did (``named``: template_namings.py)."""
        if reading.local or reading.counted or not self.clean() or not self.unlimited():
            return
        reads = tuple(read for read in reading.reads.values() if read is not None)
        resolved = tuple(reading.resolved.values())   # (each name once: Reading.resolved)
        if also is not None:
            reads, resolved = reads + also[0], resolved + also[1]
        bare = replace(result, returns=UNKNOWN, preconditions=[], final_env={}, names={})
        self._put(key or generic_key(fn), Generic(bare, reads, resolved, steps, z3, *named))
        self.given += 1

    def _charge(self, steps: int, z3: int) -> bool:
        """Charge this run what a run of the body cost (S4), where it can pay it."""
        budget, solver = self.run.budget, self.run.solver
        if budget.steps + steps > budget.limit or solver.spent + z3 >= solver.budget:
            return False   # it cannot pay: the body runs, and stops where it stops
        budget.steps += steps
        solver.spent += z3
        return True

    def _put(self, key, value) -> None:
        if len(self.store) >= MAX_SHARED:
            self.store.clear()
        self.store.setdefault(key, value)

    def keep(self, key, renamed, summary: Summary) -> None:
        """Share a summary this run made, where every run of the process may take it (S1-S3)."""
        if (summary.errors or not summary.quiet or summary.local or summary.counted or summary.uses
                or gives_layer(summary.observed)
                or not self.clean() or not self.unlimited() or not _effect_kept(summary.effect)):
            return
        if self.portable.key(key):
            self._put(key, summary)
            self.given += 1
        if renamed is not None and self.portable.key(renamed):
            self._put(renamed, summary)


def _effect_kept(effect: Effect | None) -> bool:
    return effect is None or effect.passed_only or holds_kept_objects_only(effect)


__all__ = ["RunSummaries", "generic_key", "local_value", "method_key", "store_for"]
