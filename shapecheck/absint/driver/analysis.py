"""One analysis run over one file and the project modules it imports.

:class:`Analysis` is what the interpreter sees as its run (``core.session.Run``); it is made of
parts with one job each: :class:`~.findings.Findings` (diagnostics, notes, statistics),
:class:`~.modules.Modules` (imports), :class:`~.calls.Calls` (generic and per-call analyses and
their memo), :class:`~.incremental.IncrementalCache`, the hole and annotation stores, the step
budget and the symbol counter. Runs are opened only by :mod:`.run`, so every entry point sets
them up the same way.
"""

from __future__ import annotations

import ast
import os
from functools import partial

from ...constraints.dims import Dim, sym
from ...constraints.shapes import Middle
from ...report.diagnostics import Diagnostic, Span
from ..core import fresh_symbols
from ..core.frame import Cancellation, Frame, StepBudget, Terminated
from ..core.holes import HoleStore
from ..core.scalar_names import ScalarNames
from ..core.shared_tables import TableChanges
from ..core.module import ModuleInfo
from ..core.values import UNKNOWN, Class, Function, Instance, LazyImport, LibraryObject, Str, Value, viewing
from ..interp.annotations import AnnotationStore
from ..interp.builtins import ABSTRACT_COLLECTIONS
from ..interp.interpreter import Interpreter
from .calls import FLOOR, JOINED, Calls
from .findings import Findings, Position
from .holes import solve_holes
from .incremental import IncrementalCache
from .kept_statements import KeptStatements
from .modules import Modules
from .parametric import WatchedSolver
from .project import Project, ProjectCache
from .shared_modules import SharedModules, shared_for
from .summaries import global_read


def _shared(project: Project) -> SharedModules | None:
    """The process's kept modules for ``project``. An editor's projects (files read from its
    buffers, analyses kept between edits) use them too: an entry's run reads the buffers as the
    project does (its sources then hold the buffers' texts, and K3 makes it again when one changes),
    and an edit no longer runs every imported module's top level again (levit.py: ~9.5 -> ~6 ms a
    re-check of unchanged text; swin_transformer.py, which imports vision_transformer.py, 31 -> 9)."""
    roots = tuple(project.roots)
    return shared_for((roots, project.read_source), project.options,
                      partial(_run_alone, roots, project.read_source, project.options))


def _run_alone(roots: tuple, read_source, options, info: ModuleInfo, symbols: int,
               cancellation: Cancellation | None) -> "Analysis":
    """A run of ``info``'s top level alone (shared_modules.py), its symbols numbered from ``symbols``."""
    run = Analysis(Project(roots=list(roots), read_source=read_source, options=options,
                           cache=ProjectCache(symbol_counter=symbols)), cancellation)
    key = os.path.realpath(info.path)
    run.modules.loading[key] = info
    try:
        with viewing(run.views, run.changes):
            run.run_module(info)
    finally:
        run.modules.loading.pop(key, None)
    return run


def _definitions(stmt: ast.stmt, definitions: bool) -> list[str]:
    """The names a top-level statement binds by an import, and where ``definitions`` by a ``def``
    or a ``class``, in its blocks too (``if is_torch_available(): import torch``, ``try: from scipy
    import fft`` / ``except ImportError: def fft(...)``), but not in the functions and classes it
    defines."""
    out = []
    pending = [stmt]
    while pending:
        s = pending.pop()
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if definitions:
                out.append(s.name)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            out.extend(alias.asname or alias.name.split(".")[0] for alias in s.names if alias.name != "*")
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                pending.extend(getattr(s, field, None) or ())
    return out


def _rebound(stmt: ast.stmt, env: dict) -> list[str]:
    """The names the namespace ``env`` holds that an assignment in a top-level branching statement
    binds again (``try: ...; T5LayerNorm = FusedRMSNorm`` / ``except ImportError: pass``): after it,
    the namespace holds what the statement leaves them, not what its first block wrote there (the
    first such statement runs in the namespace itself)."""
    if not isinstance(stmt, (ast.If, ast.Try, ast.With, ast.For, ast.While)) and not hasattr(stmt, "cases"):
        return []
    out = []
    pending = [stmt]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id in env:
            out.append(node.id)
        pending.extend(child for child in ast.iter_child_nodes(node)
                       if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)))
    return out


def _run_top_level(interp: Interpreter, info: ModuleInfo) -> None:
    """Run a module's top-level statements in its namespace ``info.env``, where its functions and
    its importers read its names. A branching statement (``try: import foo except ImportError: foo
    = None``, ``if is_torch_available():``) leaves the frame a new, joined dict, where the statements
    after it bind their names. What the module imports, in that statement and after it, is put
    into the namespace too (:func:`_definitions`): a function defined after ``if
    is_torch_available(): import torch`` reads ``torch``, as Python's one namespace has it. So do
    the checked module's own definitions: its functions see each other wherever a branch stands
    between them (a matmul mismatch through a helper defined after ``if ...: import numpy as np``
    was missed). Plain assignments after it stay the frame's: a value a branch joined is no better
    than unknown in a function, and taking them made transformers' lazy-module machinery
    (``_LazyModule``, run on every package's ``__init__``) load all 380 model packages.

    An imported module's definitions after such a statement are not taken yet, for what analysing
    the code that uses them costs: diffusers' models, whose ``Attention`` is defined after ``if
    is_xformers_available():``, took 24.5 s -> 43.6 s at -j 1 with them (array expressions of known
    rank in ``forward`` methods 11,665 -> 12,436; one attention processor's RoPE reshapes, 0.2 s ->
    6.2 s in Z3), transformers' llama 0.80 -> 1.45 s (its RoPE functions come after ``if
    is_torch_available():``).

    A function the checked module's top level calls reads the frame, though (``ModuleInfo.top_frame``):
    what Python's namespace holds at that call, a branch's names included (minGPT's projects bind
    their datasets in ``if __name__ == "__main__":`` and define there the function that reads them)."""
    frame, env = interp.frame, info.env
    if info.reported:
        info.top_frame = frame
        try:
            _run_statements(interp, info, frame, env)
        finally:
            info.top_frame = None
    else:
        _run_statements(interp, info, frame, env)


def _run_statements(interp: Interpreter, info: ModuleInfo, frame, env: dict) -> None:
    kept = KeptStatements.of(interp.analysis, info)
    for stmt in info.tree.body:
        # an assignment kept from an earlier run of the same text is replayed (kept_statements.py),
        # only where it binds into the module's own namespace
        own = kept is not None and frame.env is env
        if own and kept.replay(stmt):
            kept.passed(stmt)
            continue
        watch = kept.watch(stmt) if own else None
        ended = interp.run_body([stmt])
        if watch is not None and not ended:
            kept.keep(watch)
        if kept is not None:
            kept.passed(stmt)
        if frame.env is not env:
            for name in _definitions(stmt, info.reported):
                if name in frame.env:
                    env[name] = frame.env[name]
            for name in _rebound(stmt, env):
                if name in frame.env:
                    env[name] = frame.env[name]
        if ended:
            return


def _record_rank(ranks: dict, key: tuple[str, str], rank: int, possible: bool) -> None:
    """One more op's demand on a parameter's rank: kept while every demand agrees, else None."""
    ranks[key] = rank if possible and ranks.get(key, rank) == rank else None


class Analysis:
    """State of one run (see the module docstring)."""

    def __init__(self, project: Project, cancellation: Cancellation | None = None):
        self.project = project
        self.options = project.options
        self.solver = WatchedSolver(rlimit=self.options.rlimit)
        self.findings = Findings()
        self.modules = Modules(project, self, _shared(project))
        self.calls = Calls(self)
        self.solver.watch, self.solver.watching = self.note_decision, lambda: bool(self.calls.reading)
        self.incremental = IncrementalCache(project.cache.incremental, project.incremental, self.options,
                                            self.modules.loaded, project.source_of, self.modules.load_file)
        self.incremental.prints = self.calls.print_of
        self.incremental.outcomes = self.calls.call_outcome
        self.holes = HoleStore()
        self.annotations = AnnotationStore()
        self.budget = StepBudget(cancellation=cancellation)
        self.spmd_meshes: list = []   # the axis environment of shard_map bodies (rules/spmd_jax.py)
        # the ways found to raise so far: ``raise`` statements run and errors met, in any body, and
        # those of the calls a summary answered (``Summary.may_raise``): whether a ``try`` body may
        # raise is whether this moved while it ran (Statements.stmt_Try)
        self.raised = 0
        # parameter (name, function) -> the rank an op demands of it (None: demands disagree)
        self.learned_ranks: dict[tuple[str, str], int | None] = {}
        self.scalar_names = ScalarNames()   # constructor parameters named as dims (core/scalar_names.py)
        # parameter -> the rank the layers it reaches take in their usual form (None: they disagree)
        self.guessed_ranks: dict[tuple[str, str], int | None] = {}
        # parameter -> the least rank its broadcasts beside arrays of known rank give it (floor_rank)
        self.floor_ranks: dict[tuple[str, str], int] = {}
        # parameter -> the rank of the arrays joins met it with (join_rank; None: they disagree)
        self.joined_ranks: dict[tuple[str, str], int | None] = {}
        self.symbols = project.cache.symbol_counter   # continued across runs: cached symbols stay unique
        self.oplog = None    # an OpLog while one call is measured (oplog.py)
        self.views: dict = {}   # this run's copies of the shared objects it reached (values.viewing)
        self.changes = TableChanges()   # its changes to shared objects' tables (shared_tables.py)

    # -- what the interpreter asks of its run (core.session.Run) ---------------------------------
    def fresh(self, hint: str = "d") -> Dim:
        self.symbols += 1
        return sym(f"{hint}#{self.symbols}")

    def learn_rank(self, middle: Middle, count: int) -> None:
        """An op takes exactly ``count`` dims for ``middle`` (``rearrange(t, 'b n (h d) -> ...')`` of
        ``(*x[:-1], e)``): parameter x has ``count + middle.cut`` dims, for the code to run."""
        _record_rank(self.learned_ranks, (middle.name, middle.scope), count + middle.cut, count >= 0)
        self.calls.note_demand(False, middle, count)

    def guess_rank(self, middle: Middle, count: int) -> None:
        """A layer that takes more than one rank takes ``count`` dims for ``middle`` in the form model
        code passes (Conv2d's batched (N, C, H, W) over its unbatched (C, H, W)): a guess, which only
        the coverage-only re-analysis uses (``Calls.rerank``), so it can never yield an error."""
        _record_rank(self.guessed_ranks, (middle.name, middle.scope), count + middle.cut, count >= 0)
        self.calls.note_demand(True, middle, count)

    def floor_rank(self, middle: Middle, count: int) -> None:
        """A broadcast met ``middle`` beside an array of ``count`` dims more than the rest of its shape
        (``sim + attn_bias``, the bias a parameter of unknown rank): the result has at least that
        rank, and the parameter has the least such rank in the form model code passes (a bias no
        longer than what it is added to). The weakest guess, taken where neither calls nor layers
        give one (``Calls.rerank``); the greatest such count wins, since each is only a floor."""
        if count <= 0:
            return
        key = (middle.name, middle.scope)
        self.floor_ranks[key] = max(self.floor_ranks.get(key, 0), count + middle.cut)
        self.calls.note_demand(FLOOR, middle, count)

    def join_rank(self, middle: Middle, count: int) -> None:
        """A join met ``middle`` (unknown rank) with an array of ``count`` dims more than the rest of
        its shape (``default(mask, lambda: torch.ones(b, n))``; ``if x.ndim == 2: x = x[:, None]``):
        the code after treats both alike, so the parameter likely has that rank. A guess for the
        coverage-only re-analysis (``Calls.rerank``), after the layers' and before the broadcasts'."""
        _record_rank(self.joined_ranks, (middle.name, middle.scope), count + middle.cut, True)
        self.calls.note_demand(JOINED, middle, count)

    def emit(self, diag: Diagnostic) -> None:
        self.findings.emit(diag)

    def note(self, span: Span, text: str, kind: str) -> None:
        self.findings.note(span, text, kind)

    def count_array(self, where: Position, value: Value, generic: bool = False) -> None:
        self.findings.count_array(where, value, generic)
        if not generic:
            self.calls.note_count(False, where, value)

    def count_unknown_call(self, where: Position, name: str) -> None:
        self.findings.count_unknown_call(where, name)
        self.calls.note_count(True, where, name)

    def import_module(self, name: str, importer: ModuleInfo) -> Value:
        value = self.modules.import_module(name, importer)
        if self.calls.reading:
            self.calls.note_resolved(LazyImport(name, None, 0, importer), value)
        return value

    def import_from(self, module: str | None, name: str | None, level: int, importer: ModuleInfo) -> Value:
        value = self.modules.import_from(module, name, level, importer)
        if self.calls.reading:
            self.calls.note_resolved(LazyImport(module, name, level, importer), value)
        return value

    def lazy_import(self, module: str | None, name: str | None, level: int, importer: ModuleInfo,
                    star: bool = False) -> Value:
        """What an import statement binds: a project name is loaded on first use (LazyImport), in an
        editor's runs too: a kept analysis holds the sources of the modules its run loaded, loaded
        by a later run yet or not (``incremental.ModuleKeys.loaded_as``), so no key needs every
        import loaded first (transformers' modeling_llama.py loaded most of the package that way)."""
        if not level and module in ("collections", "collections.abc") and name in ABSTRACT_COLLECTIONS:
            # the class itself, also by Python < 3.10's alias, which ``try: from collections.abc
            # import Iterable`` falls back to: one class, whichever branch ran
            return LibraryObject(f"collections.abc.{name}")
        if self.modules.is_project(module, level):
            return LazyImport(module, name, level, importer, star)
        if name is None:
            return self.modules.import_module(module or "", importer)
        return self.modules.import_from(module, name, level, importer)

    def imports_project_code(self, module: str | None, level: int, importer: ModuleInfo) -> bool:
        return self.modules.in_project(module or "", importer, level)

    def star_names(self, module: str | None, level: int, importer: ModuleInfo) -> frozenset | None:
        """The names ``from module import *`` binds, read off a project module's syntax without
        loading it (None: load it, as the names cannot be told, or in an editor's run, whose kept
        analyses were not measured with them): each is then imported by name, lazily. timm's ``models/__init__.py`` star-imports
        every model file, and transformers' model folders' ``__init__.py`` their modeling files:
        checking the package ran each module's top level, whether any of its names was used or not."""
        if not self.modules.is_project(module, level) or self.project.incremental:
            return None
        return self.modules.public_names(module or "", importer, level)

    def star_later(self, module: str | None, level: int, importer: ModuleInfo) -> bool:
        """Whether ``from module import *`` is looked up by name later (``Modules.star_lookup``)
        instead of loading the module now to copy its namespace: a project module that star-imports
        others (transformers' ``models/__init__.py``: loading it loaded every model folder's
        ``__init__.py`` and ~1,200 files for ``from ... import PreTrainedTokenizer``). Not in an
        editor's run, whose kept analyses were measured with the eager copy."""
        return (self.modules.is_project(module, level) and not self.project.incremental
                and self.modules.star_later(module or "", importer, level))

    def star_lookup(self, module: ModuleInfo, name: str, env: dict) -> Value | None:
        """What the deferred star imports of ``module``'s namespace ``env`` bind ``name`` to (None: nothing)."""
        return self.modules.star_lookup(module, name, env)

    def resolve_lazy(self, lazy: LazyImport) -> Value:
        return self.modules.resolve_lazy(lazy)

    def settle(self, env: dict, name: str, lazy: LazyImport, shared: bool) -> Value:
        """``lazy``'s value, stored in its place in ``env`` -- unless ``env`` is a kept module's
        (``shared``), which no run stores into (shared_modules.py, K4)."""
        if shared:
            value = self.modules.resolve_shared(lazy)
        else:
            value = env[name] = self.modules.resolve_lazy(lazy)
        self.calls.note_resolved(lazy, value)
        return value

    def schedule_generic(self, fn: Function) -> None:
        self.calls.schedule(fn)

    def schedule_class(self, cls: Class) -> None:
        self.calls.schedule(cls)

    def generic_instance(self, cls: Class) -> Instance:
        return self.calls.generic_instance(cls)

    def call_function(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict) -> Value:
        return self.calls.call_function(caller, node, fn, args, kwargs)

    def global_read(self, module: ModuleInfo, name: str, value: Value | None):
        """What a call's summary must check of a global its body read (``summaries.GlobalRead``), or
        None where the read cannot differ at a later call."""
        self.calls.note_global(module, value)
        return global_read(module, name, value, self.calls.keys)

    def read_name(self, name: str, value: Value | None) -> None:
        """The checked module's global ``name`` was read as ``value`` (None: unbound): what the
        analysis in progress depends on (dependencies.py)."""
        self.calls.recorder.read(name, value)

    def note_decision(self, symbols: set) -> None:
        """The run in progress took a path its values over ``symbols`` decided (parametric.py, P1)."""
        if symbols and self.calls.reading:
            self.calls.reading[-1].decided |= symbols

    def use(self, definition: Class) -> None:
        """The code read a class's namespace (an object's attribute, its constructor): the analysis
        in progress depends on the class's text (dependencies.py)."""
        self.calls.recorder.use(definition)

    def evaluate_in(self, fn: Function, node: ast.expr) -> Value:
        """An expression's value in ``fn``'s module and closure (an annotation), silently."""
        # (what the module's ``if TYPE_CHECKING:`` blocks import is the annotations' too)
        interp = Interpreter(self, fn.module, Frame({**fn.module.type_names, **(fn.closure or {})}), report=False,
                             errors=[], function=fn)
        return interp.eval(node)

    # -- modules ----------------------------------------------------------------------------------
    def close(self) -> None:
        """Let go of the run's parts, once its report is made and nothing will ask it more.

        The parts point back at the run (``Calls`` and ``Modules`` hold it, the incremental cache
        their bound methods), so a finished run is a cycle, and every frame, value, summary and fact
        it made hangs off it: reference counting cannot free it, the collector does, after scanning
        it (vit-pytorch: 0.61M of the 1.33M objects its collections scanned were finished runs).
        Cut here, it is freed the moment its file is done (the solver's watch too: parametric.py)."""
        del self.calls, self.modules, self.incremental
        self.solver.watch = self.solver.watching = None

    def run_module(self, info: ModuleInfo) -> None:
        """Interpret a module's body; for the checked module, then every function and class in it,
        and solve its holes."""
        token = fresh_symbols.CURRENT.set(self.fresh)
        try:
            self._run_module(info)
        finally:
            fresh_symbols.CURRENT.reset(token)

    def _run_module(self, info: ModuleInfo) -> None:
        interp = Interpreter(self, info, Frame(info.env), report=info.reported)
        # an imported module's name is its own, never "__main__": its ``if __name__ == "__main__":``
        # block (a demo, a test) does not run, and is not analysed for an importer that never
        # sees what it finds (28 of vit-pytorch's files have one); the checked module may be run
        # as a script, so its name stays unknown and its block is checked
        info.env.setdefault("__name__", UNKNOWN if info.reported else Str(info.name))
        try:
            info.running = True
            try:
                with self.calls.unstoppable():
                    _run_top_level(interp, info)
            except Terminated:
                pass
            finally:
                info.running = False
            if info.reported:
                self.calls.drain()
                self.calls.rerank(info)
                solve_holes(self)
        finally:
            if info.reported:
                self.calls.flush_replayed()
