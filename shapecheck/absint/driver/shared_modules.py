"""Imported modules analysed once per process: the namespace a module's top level leaves is kept
and given to every later file of the process that imports it, instead of running its body (its
decorators, its config helpers, the modules it imports) once per checked file (issue 11).

Why it is exact. A kept module is run in a run of its own (an ``Analysis`` with no checked file,
its symbols numbered from a base of its own), so what it leaves depends on its source and on
what it loads, never on the file that first imported it: the same in every process, whatever
came before. A run takes an entry only where that holds for it:

- K1 (cycles): what a module in an import cycle leaves depends on which module of the cycle was
  loaded first: an entry is the module loaded first, with the modules its run loaded itself
  (``Entry.members``: those of its cycle it reached), as a run that imports it first has them.
  It is not given to a run that has one of them already otherwise, nor to one loading a module
  the entry's run loaded (that module must be half-made there, as it is where the run loads it).
  An entry's own run makes no entry for a module whose entry is being made: it loads such a
  module itself, as a member. Whether an entry may be given is decided by what its run loaded,
  never guessed from import statements: an import statement loads nothing until the name it
  binds is used (``LazyImport``), and transformers' modules name most of the package in their
  imports while their top levels load a few modules each (a guess from the statements ran
  ``utils/__init__.py`` as a member of 42 of llama's 47 entries).
- K2 (not the checked file): nor to a run whose checked file the entry's run loaded: the
  checked file's import must see its own run (reported, half-made).
- K3 (same sources): an entry holds while every file its run loaded reads as it did.
- K4 (no one file's changes): the objects its namespace holds are frozen (``freeze``): an object
  known only by name (``Opaque``) is never changed by a run, which reads and changes a copy of its
  own (``values.viewing``); a change to any other, by the file that took it or by another module's
  top level, is that run's: the object holds it while the run is interpreted, and what the module
  left otherwise (core/shared_tables.py). An entry whose run changed another's objects carries the
  change (``Entry.writes``), which a run that takes it copies in; a run that changed an entry's
  objects otherwise (itself, or by another entry's change) does not take it, and runs the module
  on its change, as Python's import would (T3). Where a run cannot hold a change (another
  thread's run holds the objects: an editor's hover) the change spoils the entry
  (HeapClock.spoiled) and every entry that reached it, which the next request makes again. No run
  stores into a kept namespace: a name it imports lazily (``LazyImport``) that its run did not use
  is resolved by each run that reads it, for itself (``Modules.resolve_shared``).
- K5 (the same budgets): a file that takes an entry is charged the steps and the Z3 steps its run
  took (and those of what it took in turn, once per file), as a run of the body would have been;
  a file that cannot pay runs the body itself, and stops where that run stops (SC006).
"""

from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, ClassVar

from ..core.frame import BudgetExceeded, Cancellation
from ..core.module import ModuleInfo
from ..core.values import (Alternatives, BoundMethod, Class, Dict, Function, HeapClock, Instance, List, Opaque,
                           TorchModule, Tuple)

if TYPE_CHECKING:
    from .analysis import Analysis
    from .modules import Modules

#: Symbols of a kept module's run are numbered from ``base * SYMBOL_SPAN`` (``base`` from its path),
#: far above any checked file's (which start at 0): no two runs make the same symbol.
SYMBOL_SPAN = 10 ** 12
#: The most projects (roots and options) one process keeps modules for: a test session checks
#: hundreds of throw-away projects; a CLI run checks one.
MAX_PROJECTS = 4


@dataclass(eq=False)
class Entry:
    """One kept module: its namespace and what its run cost, took and read."""

    info: ModuleInfo
    members: dict          # real path -> ModuleInfo: the modules its run loaded itself, itself first (K1)
    steps: int             # statements its run interpreted (StepBudget), its takes' not
    z3: int                # Z3 steps its run spent (Solver.spent), its takes' not
    taken: tuple           # the entries its run took, in order
    sources: dict          # real path -> text of every file its run loaded, its takes' included (K3)
    loaded: frozenset      # the real paths its run loaded, its takes' included (K1, K2)
    key: str = ""          # its real path
    spoiled: bool = field(default=False)
    # how many times an entry of this process was found spoiled (``spoiled`` set, never reset): a
    # verdict that none of some entries is spoiled holds while this count stays the same
    # (``RunSummaries.clean`` asks it at every call)
    spoilings: ClassVar[int] = 0
    # the tables of other kept modules' objects its run changed, with their contents after it
    # (shared_tables.py): a run that takes it copies them in, as if it had run the module itself
    writes: tuple = ()

    def holds(self, text_of: Callable[[str], str | None]) -> bool:
        return not self.spoiled and all(text_of(path) == text for path, text in self.sources.items())

    def closure(self) -> list:
        """It and every entry it took, each once, dependencies first."""
        out: dict = {}

        def visit(entry: Entry) -> None:
            if entry not in out:
                for dep in entry.taken:
                    visit(dep)
                out[entry] = None
        visit(self)
        return list(out)


def freeze(values, owner: Entry) -> None:
    """Mark the attribute tables of the objects ``values`` reach as ``owner``'s (K4). An object
    another entry froze first stays its: spoiling it spoils that entry, and so every entry that
    took it."""
    pending = list(values)
    seen: set = set()
    while pending:
        v = pending.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        t = type(v)
        if t is Instance or t is Opaque:
            table = v.attrs if t is Instance else v.__dict__["members"]   # its own, not a run's copy
            if table.owner is None:
                table.owner = owner
            pending.extend(table.values())
            if t is Instance:
                pending.append(v.cls)
        elif t is Tuple or t is List or t is Alternatives:
            pending.extend(v.options if t is Alternatives else (v.items or ()))
            if t is List:
                pending.append(v.element)
        elif t is Dict:
            pending.extend(value for _, value in v.items)
        elif t is Class:
            pending.extend(v.namespace.values())
            pending.extend(v.bases)
        elif t is Function:
            pending.extend(v.defaults)
            pending.extend(value for _, value in v.kw_defaults)
            if v.closure is not None:
                pending.extend(v.closure.values())
        elif t is BoundMethod:
            pending.append(v.receiver)
            pending.append(v.function)
        elif t is TorchModule:
            pending.extend(value for _, value in v.params)


def symbol_base(key: str) -> int:
    digest = hashlib.sha256(key.encode()).digest()
    return (int.from_bytes(digest[:5], "big") + 1) * SYMBOL_SPAN


class SharedModules:
    """The kept modules of one project (roots and options) in this process, by real path: one entry
    a module, whatever name an import wrote for it (``from . import logging``, ``from .utils import
    logging``, ``from ...utils import logging`` load one file). Keyed by the written name too, the
    same file had an entry per spelling, and a run that took one spelling's entry could take no entry
    that had taken another (two copies of a member, K1): transformers' ``utils/import_utils.py`` ran
    16 times checking models/llama. (``module.sub`` resolves from the module's path, not its name.)"""

    def __init__(self, run_alone: Callable[[ModuleInfo, int, Cancellation | None], "Analysis"]):
        self.run_alone = run_alone
        self.entries: dict[str, Entry] = {}
        self.building: set[str] = set()

    def _evict_spoiled(self) -> None:
        spoiled = HeapClock.spoiled
        if not spoiled:
            return
        keys = set()
        while spoiled:   # popped one at a time: an editor's hover may spoil an entry from its own thread
            entry = spoiled.pop()
            entry.spoiled = True
            keys.add(entry.key)
        for at, entry in list(self.entries.items()):
            if entry.spoiled or entry.loaded & keys:
                entry.spoiled = True
                del self.entries[at]
        Entry.spoilings += 1   # after the marks: a verdict made before them is asked again

    def take(self, modules: "Modules", key: str, path: str, name: str, source: str, tree: ast.Module) -> Entry | None:
        """The entry for the module at ``path`` (real path ``key``) imported as ``name``, which
        ``modules``' run is about to load; made now if there is none that holds. None where it may
        not be shared with this run (K1, K2): the run loads the module itself."""
        self._evict_spoiled()
        if key in self.building:
            return None   # K1, below
        entry = self.entries.get(key)
        if entry is not None and not entry.holds(modules.text_of):
            del self.entries[key]
            entry = None
        if entry is None:
            entry = self._make(key, ModuleInfo(path, name, source, tree), modules.run.budget.cancellation)
            if entry is None:
                return None
        if modules.checked in entry.loaded or not modules.loading.keys().isdisjoint(entry.loaded):
            return None
        return entry

    def _make(self, key: str, info: ModuleInfo, cancellation: Cancellation | None) -> Entry | None:
        # an editor's cancelled run stops the entry's run too: no entry, and the run that asked
        # loads the module itself, where its own budget stops at once
        self.building.add(key)
        try:
            run = self.run_alone(info, symbol_base(key), cancellation)
        except BudgetExceeded:
            return None   # too long to keep: whoever needs it runs it, and stops where it stops
        finally:
            self.building.discard(key)
        sources = {key: info.source}
        members = {key: info}
        for path, other in run.modules.loaded.items():
            if other is not None:
                sources[path] = other.source
                if not other.shared:
                    members[path] = other
        loaded = set(run.modules.loaded) | {key}
        for taken in run.modules.taken:
            sources.update(taken.sources)
            loaded |= taken.loaded
        # its own cost: a file that takes it is charged each entry it took apart, once (K5), and the run
        # was charged them as it took them (Modules._take)
        taken = tuple(run.modules.taken)
        entry = Entry(info, members, run.budget.steps - sum(t.steps for t in taken),
                      run.solver.spent - sum(t.z3 for t in taken), taken, sources,
                      frozenset(loaded), key, writes=tuple(run.changes.final()))
        for member in members.values():
            member.shared = True
            freeze(member.env.values(), entry)
        for _, contents in entry.writes:   # what its run stored into others' objects is its own
            freeze(contents.values(), entry)
        self._evict_spoiled()
        if not any(dep.spoiled for dep in entry.closure()):
            self.entries[key] = entry
        return entry


_PROJECTS: dict = {}


def shared_for(project: tuple, options,
               run_alone: Callable[[ModuleInfo, int, Cancellation | None], "Analysis"]) -> SharedModules:
    """The process's kept modules for a project (its roots and how it reads files) with these options."""
    at = (project, options)
    store = _PROJECTS.pop(at, None)
    if store is None:
        store = SharedModules(run_alone)
        while len(_PROJECTS) >= MAX_PROJECTS:
            del _PROJECTS[next(iter(_PROJECTS))]
    _PROJECTS[at] = store   # (re)inserted last: the most recently used
    return store
