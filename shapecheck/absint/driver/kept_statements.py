"""Top-level assignments of the checked file kept across an editor's re-checks (issue 11).

Every re-check runs the module's top level again. Its definitions are cheap (each makes a function
or a class, whose analyses incremental.py keeps), but an assignment can call much: timm's model
files end with ``default_cfgs = generate_default_cfgs({... _cfg(...) ...})``, 11.5k of the 27k
Python calls of a re-check of levit.py whose text had not changed. An assignment to names is kept,
and a later run binds what it bound without running it, while

- its *key* holds: its own text; what the top level did before it (the names defined before it, by
  name and kind, the texts of the other statements before it); and ``ModuleKeys.context()``: the
  module's other statements, the definitions they name (transitively) and the options, which is all
  of the module that a top-level statement can read;
- the sources of the other modules loaded when it was kept read as they did (``ModuleKeys.loaded_as``).

Invariant T1 (nothing else left behind): a statement is kept only where its run bound its targets
and nothing else but imported names it resolved; each target a plain value (``relocation.freeze``
gives it back as it is: no object, function, class or dict of them) holding no symbol or token made
before the statement ran; where it reported nothing, noted nothing but on its own lines (the notes
are kept, each moved with the statement), changed no object (HeapClock),
scheduled no analysis, demanded no rank of a parameter; and where it ran in the module's own
namespace (no branching statement before it: ``analysis._run_top_level``). What else its run did, a
reuse does again: it resolves the imported names the statement resolved (loading their modules),
loads the other modules its run loaded, and counts its steps against the run's budget.
"""

from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass
from typing import Any

from ...report.diagnostics import Span
from ..core.module import ModuleInfo
from ..core.values import HeapClock, LazyImport
from .relocation import NotRelocatable, freeze
from .template_prints import Start, made_since, start

#: Kept statements per checked file, at most (a long session starts over rather than growing).
MAX_KEPT = 1024
_ABSENT = object()


@dataclass(frozen=True)
class KeptStatement:
    bound: tuple        # (name, value) of its targets: plain values
    settled: tuple      # the imported names of the module it resolved (LazyImport -> its value)
    loaded: tuple       # (real path, name) of the other modules its run loaded
    read: frozenset     # the modules its run read without loading them (Modules.read)
    steps: int          # the statements its run interpreted (StepBudget)
    sources: tuple      # (path, source digest) of every other module loaded when it was kept
    notes: tuple = ()   # (span, text, kind) of the notes it made, lines counted from its first


@dataclass
class _Watch:
    """What the run was before a statement that may be kept ran: what T1 compares after it."""

    key: str
    stmt: ast.stmt
    targets: tuple
    env: dict
    diagnostics: int
    notes: int
    writes: int
    pending: int
    ranks: tuple
    loaded: frozenset
    read: frozenset
    steps: int
    first: Start


def _targets(stmt: ast.stmt) -> tuple | None:
    """The names an assignment to names only binds (None: another statement)."""
    if type(stmt) is ast.Assign and all(type(t) is ast.Name for t in stmt.targets):
        return tuple(dict.fromkeys(t.id for t in stmt.targets))
    if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name and stmt.value is not None:
        return (stmt.target.id,)
    return None


class KeptStatements:
    """One editor run's view of the checked module's kept statements (see the module docstring)."""

    def __init__(self, analysis, info: ModuleInfo):
        self.analysis = analysis
        self.info = info
        self.store: dict = analysis.project.cache.statements.setdefault(info.path, {})
        self.keys = analysis.incremental.keys_of(info)
        self.prefix = hashlib.sha1()   # what the top level did before the statement at hand
        self.keyed: tuple = (None, None)   # (statement, key): replay's key, which watch asks for again

    @classmethod
    def of(cls, analysis, info: ModuleInfo) -> "KeptStatements | None":
        """The kept statements of an editor's run of the checked module (None: any other run)."""
        if not (info.reported and analysis.project.incremental and analysis.incremental.enabled):
            return None
        return cls(analysis, info)

    def passed(self, stmt: ast.stmt) -> None:
        """``stmt`` ran (or was replayed): the statements after it see what it did."""
        self.keyed = (None, None)
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.prefix.update(f"{type(stmt).__name__} {stmt.name}\0".encode())
        else:
            self.prefix.update(f"{self._text(stmt)}\0".encode("utf-8", "surrogatepass"))

    def _text(self, stmt: ast.stmt) -> str:
        return f"{stmt.col_offset}:" + "\n".join(self.info.lines[stmt.lineno - 1:stmt.end_lineno])

    def _key(self, stmt: ast.stmt) -> str | None:
        if self.keyed[0] is stmt:
            return self.keyed[1]
        text = self._text(stmt)
        key = None   # (a hole is solved from each run's facts: never kept)
        if "HOLE" not in text:
            h = self.prefix.copy()
            h.update(f"\0{text}\0{self.keys.context()}".encode("utf-8", "surrogatepass"))
            key = h.hexdigest()
        self.keyed = (stmt, key)
        return key

    def replay(self, stmt: ast.stmt) -> bool:
        """Do what the kept run of ``stmt`` did, where it is kept and holds (False: run it)."""
        if _targets(stmt) is None:
            return False
        key = self._key(stmt)
        kept = self.store.get(key) if key is not None else None
        run = self.analysis
        if kept is None or not self.keys.loaded_as(kept.sources) or run.budget.steps + kept.steps > run.budget.limit:
            return False
        env = self.info.env
        for name in kept.settled:
            value = env.get(name)
            if type(value) is LazyImport:
                run.settle(env, name, value, False)
        modules = run.modules
        for path, name in kept.loaded:
            if path not in modules.loaded:
                modules.load_file(path, name)
        modules.read |= kept.read
        for span, text, kind in kept.notes:
            run.note(_moved(span, stmt.lineno), text, kind)
        env.update(kept.bound)
        run.budget.steps += kept.steps
        return True

    def watch(self, stmt: ast.stmt) -> _Watch | None:
        """What to compare after ``stmt`` runs, where it may be kept (None: it may not)."""
        targets = _targets(stmt)
        key = self._key(stmt) if targets is not None else None
        if key is None:
            return None
        run = self.analysis
        return _Watch(key, stmt, targets, dict(self.info.env), len(run.findings.diagnostics), len(run.findings.notes),
                      HeapClock.writes, len(run.calls.pending), self._ranks(), frozenset(run.modules.loaded),
                      frozenset(run.modules.read), run.budget.steps, start(run.symbols))

    def _ranks(self) -> tuple:
        run = self.analysis
        return tuple(dict(ranks) for ranks in (run.learned_ranks, run.guessed_ranks, run.floor_ranks,
                                                run.joined_ranks))

    def keep(self, watch: _Watch) -> None:
        """Keep the statement that ran since ``watch`` where T1 holds of its run."""
        run = self.analysis
        notes = run.findings.notes[watch.notes:]
        first, last = watch.stmt.lineno, watch.stmt.end_lineno
        if (len(run.findings.diagnostics) != watch.diagnostics
                or not all(first <= n.span.line and n.span.end_line <= last for n in notes)
                or HeapClock.writes != watch.writes or len(run.calls.pending) != watch.pending
                or self._ranks() != watch.ranks):
            return
        env = self.info.env
        if any(name not in env for name in watch.env) or any(name not in env for name in watch.targets):
            return
        settled = []
        for name, value in env.items():
            before = watch.env.get(name, _ABSENT)
            if value is before or name in watch.targets:
                continue
            if type(before) is not LazyImport:
                return   # it bound what it does not assign (a walrus, a global store of a call)
            settled.append(name)
        bound = tuple((name, env[name]) for name in watch.targets)
        if not all(_plain(value) for _, value in bound) or not made_since(tuple(v for _, v in bound), watch.first):
            return
        loaded = tuple((path, info.name) for path, info in run.modules.loaded.items()
                       if path not in watch.loaded and info is not None and info is not self.info)
        if len(self.store) >= MAX_KEPT:
            self.store.clear()
        self.store[watch.key] = KeptStatement(bound, tuple(settled), loaded,
                                              frozenset(run.modules.read - watch.read),
                                              run.budget.steps - watch.steps, self.keys.sources(),
                                              tuple((_moved(n.span, 2 - first), n.text, n.kind) for n in notes))


def _moved(span: Span, first: int) -> Span:
    """``span`` of a statement whose first line is 1, moved to where it is ``first``."""
    return Span(span.line + first - 1, span.column, span.end_line + first - 1, span.end_column)


def _plain(value: Any) -> bool:
    """Whether ``value`` is the same in every run: frozen, it is itself (relocation.py)."""
    try:
        return freeze(value, {}) is value
    except NotRelocatable:
        return False
