"""One analysis run: parse, interpret the module, analyse every function, collect the report.

Parsing uses the stdlib ``ast`` (it is several times faster than libcst for reading; libcst is kept
for rewrites, see ``annotate``). Project modules named in imports are found on disk (or in the
editor's buffers) and interpreted the same way, never imported or executed. Their own diagnostics
belong to their own reports, so they are interpreted silently here.
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ...constraints.solver import Solver
from ...report.diagnostics import Diagnostic, FileReport, Related, ShapeNote, Span
from ..core.frame import MAX_CALL_DEPTH, BudgetExceeded, Frame, Terminated
from ..interp.interpreter import Interpreter
from ..core.values import NONE, UNKNOWN, Array, Class, Function, Instance, LibraryObject, ProjectModule, Value

if TYPE_CHECKING:
    from ...api import Project

MAX_STEPS = 2_000_000

#: Top-level names of the array libraries whose ops are modelled (everything under them is a
#: LibraryObject, resolved against the rule tables).
LIBRARIES = ("numpy", "torch", "jax")


@dataclass(eq=False)
class ModuleInfo:
    path: str
    name: str
    source: str
    tree: ast.Module
    env: dict = field(default_factory=dict)
    reported: bool = False
    _lines: list | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.source.splitlines()
        return self._lines

    def _column(self, line: int, byte_col: int) -> int:
        """ast columns are UTF-8 byte offsets; diagnostics count characters (1-based)."""
        lines = self.lines
        if 1 <= line <= len(lines):
            text = lines[line - 1]
            if not text.isascii():
                return len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace")) + 1
        return byte_col + 1

    def span(self, node: ast.AST) -> Span:
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = self._column(line, getattr(node, "col_offset", 0))
        end_col = self._column(end_line, getattr(node, "end_col_offset", None) or 0)
        return Span(line, col, end_line, end_col)

    def text_of(self, node: ast.AST) -> str:
        line = getattr(node, "lineno", None)
        if line is None or node.end_lineno != line:
            return ""
        text = self.lines[line - 1] if line <= len(self.lines) else ""
        if text.isascii():
            return text[node.col_offset:node.end_col_offset]
        raw = text.encode("utf-8")
        return raw[node.col_offset:node.end_col_offset].decode("utf-8", "replace")


@dataclass
class GenericResult:
    errors: set            # (line, column, code) of definite errors found without call context
    returns: Value
    preconditions: list
    final_env: dict = field(default_factory=dict)   # parameters as refined by the body
    names: dict = field(default_factory=dict)
    signature: str | None = None   # its one-line signature, once printed (kept with cached results)


class Analysis:
    """State of one run over one file (and the project modules it imports)."""

    def __init__(self, project: "Project"):
        self.project = project
        self.options = project.options
        self.solver = Solver(self.options.timeout_ms)
        self.diagnostics: list[Diagnostic] = []
        self._seen: set = set()
        self.notes: list[ShapeNote] = []
        self._counter = 0
        self.pending: list = []
        self.generic: dict[Function, GenericResult] = {}
        self.generic_running: set = set()
        self.call_memo: dict = {}
        self.modules: dict[str, ModuleInfo | None] = {}
        self.loading: set = set()
        self.arrays_known = 0
        self.arrays_unknown = 0
        self.unknown_calls: dict[str, int] = {}
        self.class_instances: dict = {}
        self.holes: list = []
        self.hole_facts: list = []      # holes.PinnedFact: requirements that mention a hole
        self.annotation_specs: dict = {}    # Function -> annotations.FunctionSpecs
        self.annotation_scopes: dict = {}   # Function (generic) or id(Frame) (a call) -> annotations.Scope
        self.annotation_frames: list = []
        # incremental re-analysis (see incremental.py): cached generic analyses of this project
        self.incremental: dict = project.cache.setdefault("incremental", {})
        self._counter = project.cache.get("symbol_counter", 0)
        self.module_keys: dict = {}
        self.windows: dict = {}        # Function -> (diagnostics, notes) its generic analysis produced
        self.restored: set = set()     # classes whose analyses came from the cache
        self.reused = 0                # generic analyses taken from the cache this run
        # Statements interpreted, all frames together: a bound on one file's analysis however its
        # calls and loops multiply (well above what real files need: the 10k-line corpus takes ~60k).
        self.steps = 0
        self.max_steps = MAX_STEPS

    # -- bookkeeping ----------------------------------------------------------------------------
    def fresh(self, hint: str = "d"):
        from ...constraints.dims import sym

        self._counter += 1
        return sym(f"{hint}#{self._counter}")

    def emit(self, diag: Diagnostic) -> None:
        key = (diag.path, diag.span.line, diag.span.column, diag.code, diag.message)
        if key not in self._seen:
            self._seen.add(key)
            self.diagnostics.append(diag)

    def note(self, span: Span, text: str, kind: str) -> None:
        self.notes.append(ShapeNote(span, text, kind))

    def count_array(self, value: Array) -> None:
        if value.shape.rank is None:
            self.arrays_unknown += 1
        else:
            self.arrays_known += 1

    def hole_dim(self, ctx) -> object:
        """A fresh dim standing for a ``HOLE`` at ``ctx.node``; solved after the analysis (holes.py)."""
        d = self.fresh("HOLE")
        self.holes.append((d, ctx.interp, ctx.node))
        return d

    def count_unknown_call(self, name: str) -> None:
        self.unknown_calls[name] = self.unknown_calls.get(name, 0) + 1

    # -- modules --------------------------------------------------------------------------------
    def run_module(self, info: ModuleInfo) -> None:
        interp = Interpreter(self, info, Frame(info.env), report=info.reported)
        info.env.setdefault("__name__", UNKNOWN)
        try:
            interp.run_body(info.tree.body)
        except Terminated:
            pass
        if info.reported:
            self.drain_generic()
            from .holes import solve_holes

            solve_holes(self)

    def import_module(self, name: str, importer: ModuleInfo) -> Value:
        top = name.split(".")[0]
        if top in LIBRARIES:
            return LibraryObject(_canonical_library(name))
        if top in ("shapecheck", "jaxtyping"):
            return LibraryObject(name)
        info = self.load_project_module(name, importer, 0)
        return ProjectModule(info) if info is not None else UNKNOWN

    def import_from(self, module: str | None, name: str | None, level: int, importer: ModuleInfo) -> Value:
        if level == 0 and module:
            top = module.split(".")[0]
            if top in LIBRARIES:
                from ..rules.registry import library_value

                return library_value(_canonical_library(f"{module}.{name}" if name else module))
            if top == "shapecheck" or top == "jaxtyping":
                from ..core.values import Hole

                if name == "HOLE":
                    return Hole()
                if name == "reveal_shape":
                    from ..core.frame import BUILTINS

                    return BUILTINS["reveal_shape"]
                return LibraryObject(f"{module}.{name}")
            if top in ("typing", "__future__", "dataclasses", "functools", "math", "os", "sys"):
                return UNKNOWN
        info = self.load_project_module(module or "", importer, level)
        if info is None:
            if name is not None:
                sub = self.load_project_module(f"{module}.{name}" if module else name, importer, level)
                if sub is not None:
                    return ProjectModule(sub)
            return UNKNOWN
        if name is None:
            return ProjectModule(info)
        value = info.env.get(name)
        if value is None:
            sub = self.load_project_module(f"{module}.{name}" if module else name, importer, level)
            return ProjectModule(sub) if sub is not None else UNKNOWN
        return value

    def _resolve(self, name: str, importer: ModuleInfo, level: int) -> str | None:
        parts = name.split(".") if name else []
        if level:
            base = Path(importer.path).parent
            for _ in range(level - 1):
                base = base.parent
            roots = [base]
        else:
            roots = [Path(importer.path).parent] + [Path(r) for r in self.project.roots]
        for root in roots:
            candidate = root.joinpath(*parts)
            for path in (candidate.with_suffix(".py") if parts else None, candidate / "__init__.py"):
                if path is not None and path.is_file():
                    return str(path)
        return None

    def load_project_module(self, name: str, importer: ModuleInfo, level: int) -> ModuleInfo | None:
        path = self._resolve(name, importer, level)
        if path is None:
            return None
        key = os.path.realpath(path)
        if key in self.modules:
            return self.modules[key]
        if key == os.path.realpath(importer.path) or key in self.loading:
            return None  # import cycle: its names are unknown here
        source = self.project.source_of(path)
        if source is None:
            self.modules[key] = None
            return None
        try:
            tree = ast.parse(source, filename=path)
        except (SyntaxError, ValueError):
            self.modules[key] = None
            return None
        info = ModuleInfo(path, name, source, tree)
        self.loading.add(key)
        try:
            self.run_module(info)
        finally:
            self.loading.discard(key)
        self.modules[key] = info
        return info

    # -- functions ------------------------------------------------------------------------------
    def schedule_generic(self, fn: Function) -> None:
        self.pending.append(fn)

    def schedule_class(self, cls: Class) -> None:
        self.pending.append(cls)

    def drain_generic(self) -> None:
        while self.pending:
            item = self.pending.pop(0)
            if type(item) is Class:
                self.analyse_class(item)
            else:
                self.ensure_generic(item)

    def generic_instance(self, cls: Class) -> Instance:
        inst = self.class_instances.get(cls)
        if inst is None:
            entry = self._cached(cls.module, cls.node.name) if "." not in cls.qualname else None
            if entry is not None:
                inst = self.class_instances[cls] = Instance(cls, dict(entry.attrs), template=True)
                for member in cls.namespace.values():
                    if type(member) is Function and member.qualname in entry.results:
                        self.generic[member] = entry.results[member.qualname]
                self._replay(entry)
                self.restored.add(cls)
                return inst
            inst = self.class_instances[cls] = Instance(cls, template=True)
            init = cls.lookup("__init__")
            if type(init) is Function:
                self.ensure_generic(init, receiver=inst)
        return inst

    def analyse_class(self, cls: Class) -> None:
        inst = self.generic_instance(cls)
        if cls in self.restored:
            return
        for name, member in cls.namespace.items():
            if type(member) is Function and name != "__init__":
                self.ensure_generic(member, receiver=inst)
        key = self._key(cls.module, cls.node.name) if "." not in cls.qualname else None
        if key is None:
            return
        methods = [m for m in cls.namespace.values() if type(m) is Function]
        results = {m.qualname: self.generic[m] for m in methods if m in self.generic}
        if len(results) == len(methods):
            self._store(cls.module, cls.node.name, key, results, inst.attrs, methods)

    # -- incremental re-analysis (incremental.py) -------------------------------------------------
    def _key(self, module: "ModuleInfo", top_name: str) -> str | None:
        if not module.reported or not self.project.incremental:
            return None
        keys = self.module_keys.get(module)
        if keys is None:
            from .incremental import ModuleKeys

            keys = self.module_keys[module] = ModuleKeys(self, module)
        return keys.key(top_name)

    def _cached(self, module: "ModuleInfo", top_name: str):
        key = self._key(module, top_name)
        if key is None:
            return None
        from .incremental import lookup

        entry = lookup(self.incremental, key)
        if entry is None:
            return None
        return entry.shifted(module.path, self.module_keys[module].lines[top_name][0])

    def _store(self, module: "ModuleInfo", top_name: str, key: str, results: dict, attrs: dict, fns) -> None:
        from .incremental import Entry, results_plain, store, within

        if not results_plain(results, attrs):
            return
        span = self.module_keys[module].lines[top_name]
        diags, notes = within(span, *self._windows(fns), module.path)
        store(self.incremental, key, Entry(results, diags, notes, dict(attrs), span[0]))

    def _replay(self, entry) -> None:
        self.reused += len(entry.results)
        for d in entry.diagnostics:
            self.emit(d)
        self.notes.extend(entry.notes)

    def _windows(self, fns) -> tuple[list, list]:
        diags: dict = {}
        notes: list = []
        for fn in fns:
            d, n = self.windows.get(fn, ((), ()))
            diags.update(dict.fromkeys(d))
            notes.extend(n)
        return list(diags), notes

    def ensure_generic(self, fn: Function, receiver: Value | None = None, stack: tuple = ()) -> GenericResult | None:
        """Analyse ``fn`` with unknown arguments once; definite errors found so are reported there.

        ``stack`` is the chain of analyses that asked for it: beyond MAX_CALL_DEPTH the analysis is
        left for later (None), which keeps the interpreter's own recursion bounded."""
        hit = self.generic.get(fn)
        if hit is not None or fn in self.generic_running or len(stack) >= MAX_CALL_DEPTH:
            return hit
        top_level = fn.closure is None and "." not in fn.qualname and not isinstance(fn.node, ast.Lambda)
        if top_level:
            entry = self._cached(fn.module, fn.node.name)
            if entry is not None and fn.qualname in entry.results:
                self.generic[fn] = entry.results[fn.qualname]
                self._replay(entry)
                return self.generic[fn]
        notes_before = len(self.notes)
        diags_before = len(self.diagnostics)
        self.generic_running.add(fn)
        try:
            node = fn.node
            env = self._bind_generic(fn, receiver)
            errors: list = []
            frame = Frame(env)
            interp = Interpreter(self, fn.module, frame, report=fn.module.reported, stack=stack + (fn,),
                                 function=fn)
            before = len(self.diagnostics)
            if isinstance(node, ast.Lambda):
                frame.returns.append(interp.eval(node.body))
            else:
                interp.run_body(node.body)
            found = {(d.span.line, d.span.column, d.code) for d in self.diagnostics[before:]
                     if d.severity == "error"}
            del errors
            result = GenericResult(found | self._silent_errors(fn, env, stack), _join_returns(self, frame.returns),
                                   frame.preconditions, dict(frame.env), frame.names)
            self.generic[fn] = result
            self.windows[fn] = (self.diagnostics[diags_before:], self.notes[notes_before:])
            if top_level:
                key = self._key(fn.module, fn.node.name)
                if key is not None:
                    self._store(fn.module, fn.node.name, key, {fn.qualname: result}, {}, [fn])
            return result
        finally:
            self.generic_running.discard(fn)

    def _silent_errors(self, fn: Function, env: dict, stack: tuple = ()) -> set:
        """Definite errors of a function from a module that is not being reported (found silently)."""
        if fn.module.reported:
            return set()
        errors: list = []
        frame = Frame(dict(env))
        interp = Interpreter(self, fn.module, frame, report=False, errors=errors, stack=stack + (fn,), function=fn)
        try:
            if isinstance(fn.node, ast.Lambda):
                interp.eval(fn.node.body)
            else:
                interp.run_body(fn.node.body)
        except RecursionError:
            return set()
        return {(d.span.line, d.span.column, d.code) for d in errors}

    def _bind_generic(self, fn: Function, receiver: Value | None) -> dict:
        from .signatures import parameter_values

        return parameter_values(self, fn, receiver)

    def call_function(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict) -> Value:
        if fn in caller.stack or len(caller.stack) >= MAX_CALL_DEPTH:
            return UNKNOWN
        receiver = None
        if _is_method(fn) and args:
            # the generic analysis runs on the class's template instance, never on this object
            receiver = self.generic_instance(args[0].cls) if isinstance(args[0], Instance) else args[0]
        generic = self.ensure_generic(fn, receiver=receiver, stack=caller.stack)
        if generic is None and fn not in self.generic_running:
            return UNKNOWN  # too deep to follow now
        env = _bind_call(fn, args, kwargs)
        if env is None:
            return UNKNOWN
        from ..interp.annotations import MISMATCH, bind_call_scope, check_call

        scope = check_call(caller, node, fn, env)
        if scope is MISMATCH:
            return UNKNOWN
        key = _memo_key(fn, args, kwargs)
        hit = self.call_memo.get(key) if key is not None else None
        if hit is not None:
            from ..core.freshen import freshen

            hit = (freshen(hit[0], list(args) + list(kwargs.values()), self.fresh), hit[1])
        if hit is None:
            errors: list = []
            frame = Frame(env)
            bind_call_scope(self, frame, scope)
            interp = Interpreter(self, fn.module, frame, report=False, errors=errors,
                                 stack=caller.stack + (fn,), function=fn)
            interp.call_site = (caller, node)   # a HOLE in fn is also solved per call (holes.py)
            try:
                if isinstance(fn.node, ast.Lambda):
                    frame.returns.append(interp.eval(fn.node.body))
                else:
                    interp.run_body(fn.node.body)
            except RecursionError:
                return UNKNOWN  # too deep to follow: the call's result is unknown, never an error
            hit = (_join_returns(self, frame.returns), errors)
            if key is not None:
                self.call_memo[key] = hit
        result, errors = hit
        known = generic.errors if generic is not None else set()
        for err in errors:
            if (err.span.line, err.span.column, err.code) in known and err.path == fn.module.path:
                continue
            if caller.try_depth:
                break  # the call is inside `try`/`pytest.raises`: its failure is handled
            message = f"call to {fn.qualname.split('.<locals>.')[-1]}() fails: {err.message}"
            related = (Related(err.path, err.span, err.message),) + err.related
            caller.diagnose(node, "SC110", message, related)
            break  # one diagnostic per call
        return result


def _is_method(fn: Function) -> bool:
    return "." in fn.qualname and "<locals>" not in fn.qualname.rsplit(".", 1)[0]


def _canonical_library(name: str) -> str:
    """``numpy.core.multiply`` and ``jax.numpy.sum`` resolve like ``numpy.multiply`` / ``numpy.sum``."""
    if name.startswith("jax.numpy"):
        return "numpy" + name[len("jax.numpy"):]
    return name


def _join_returns(analysis: Analysis, returns: list) -> Value:
    if not returns:
        return NONE
    from ..core.join import Joiner

    joiner = Joiner(analysis.fresh, widen=True)
    out = returns[0]
    for r in returns[1:]:
        out = joiner.value(out, r)
    return out


def _bind_call(fn: Function, args: list, kwargs: dict) -> dict | None:
    node = fn.node
    a = node.args
    positional = [p.arg for p in a.posonlyargs + a.args]
    env: dict = {}
    for name, value in zip(positional, args):
        env[name] = value
    extra = args[len(positional):]
    if extra:
        if a.vararg is None:
            return None
        from ..core.values import Tuple

        env[a.vararg.arg] = Tuple(tuple(extra))
    elif a.vararg is not None:
        from ..core.values import Tuple

        env[a.vararg.arg] = Tuple(())
    kw_names = positional + [p.arg for p in a.kwonlyargs]
    rest = {}
    for k, v in kwargs.items():
        if k in kw_names:
            env[k] = v
        else:
            rest[k] = v
    if rest and a.kwarg is None:
        return None
    if a.kwarg is not None:
        from ..core.values import Dict

        env[a.kwarg.arg] = Dict(tuple(rest.items()))
    # defaults
    defaults = fn.defaults
    for name, value in zip(positional[len(positional) - len(defaults):], defaults):
        env.setdefault(name, value)
    for name, value in fn.kw_defaults:
        env.setdefault(name, value)
    for name in kw_names:
        env.setdefault(name, UNKNOWN)
    return env


def _memo_key(fn: Function, args: list, kwargs: dict):
    if any(isinstance(v, Instance) for v in args) or any(isinstance(v, Instance) for v in kwargs.values()):
        return None
    key = (fn, tuple(args), tuple(sorted(kwargs.items(), key=lambda kv: kv[0])))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def analyze_file(source: str | bytes, path: str, project: "Project") -> FileReport:
    """Analyse one file (see ``shapecheck.api.check_source``)."""
    report = FileReport(path)
    if isinstance(source, bytes):
        if b"\x00" in source[:8192]:
            report.diagnostics.append(Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error",
                                                 "binary file: not Python source (it contains NUL bytes)"))
            return report
        try:
            text = source.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = source[:exc.start].count(b"\n") + 1
            report.diagnostics.append(Diagnostic(path, Span(line, 1, line, 1), "SC002", "error",
                                                 f"not UTF-8 text: {exc.reason} at byte {exc.start}"))
            return report
    else:
        text = source
    try:
        from .parsing import parse

        tree = parse(project.cache if project.incremental else None, path, text)
    except SyntaxError as exc:
        line = exc.lineno or 1
        col = exc.offset or 1
        report.diagnostics.append(Diagnostic(path, Span(line, col, exc.end_lineno or line,
                                                        max(exc.end_offset or col + 1, col + 1)),
                                             "SC001", "error", f"syntax error: {exc.msg}"))
        return report
    except ValueError as exc:  # e.g. source with NUL characters
        report.diagnostics.append(Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error", f"unreadable source: {exc}"))
        return report

    analysis = Analysis(project)
    info = ModuleInfo(path, Path(path).stem, text, tree, reported=True)
    analysis.modules[os.path.realpath(path)] = info
    # Nested calls are analysed by recursion; Python 3.11 frames are cheap, so allow depth for
    # MAX_CALL_DEPTH levels of real code (call_function still cuts off gracefully beyond it).
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 12000))
    try:
        analysis.run_module(info)
    except BudgetExceeded as stop:
        line = getattr(stop.node, "lineno", 1)
        analysis.emit(Diagnostic(path, Span(line, 1, line, 1), "SC006", "info",
                                 f"analysis stopped after {analysis.max_steps:,} steps (the file's calls and "
                                 "loops multiply too much); results are partial, no error is implied"))
    finally:
        sys.setrecursionlimit(limit)
    project.cache["symbol_counter"] = analysis._counter
    project.cache["last_reused"] = analysis.reused
    report.diagnostics = analysis.diagnostics
    report.notes = analysis.notes
    report.arrays_known = analysis.arrays_known
    report.arrays_unknown = analysis.arrays_unknown
    report.unknown_calls = analysis.unknown_calls
    from .signatures import function_signatures

    report.signatures = function_signatures(analysis, info)
    report.source = text
    return report


def module_signatures_of(path: str, source: str | None = None, project: "Project | None" = None) -> list:
    """The :class:`~.signatures.Signature` of every function in one file (none on a syntax error)."""
    from ...api import Project
    from .signatures import module_signatures

    text = Path(path).read_text(encoding="utf-8") if source is None else source
    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError):
        return []
    project = project or Project(roots=[str(Path(path).resolve().parent)])
    analysis = Analysis(project)
    info = ModuleInfo(path, Path(path).stem, text, tree, reported=True)
    analysis.modules[os.path.realpath(path)] = info
    analysis.run_module(info)
    return module_signatures(analysis, info)


def source_digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def analyze_call(source: str, func_name: str, arg_shapes: dict, dtypes: dict | None = None,
                 path: str = "<trace>", project: "Project | None" = None):
    """The abstract interpreter's view of one call: ``func_name(*args)`` where each argument is an
    array of the given shape (ints, or dim names as strings: the same name is the same dim).

    Returns ``(result, diagnostics)``: the call's result value and the errors the call meets
    (SC110, naming the failing operation inside the function). The IR front end uses this to
    check a function before it builds IR for it. The source is never imported or executed.
    """
    from ...api import Project
    from ...constraints.dims import sym
    from ...constraints.shapes import Shape

    project = project or Project()
    tree = ast.parse(source, filename=path)
    analysis = Analysis(project)
    info = ModuleInfo(path, Path(path).stem, source, tree, reported=False)
    analysis.modules[path] = info
    analysis.run_module(info)
    fn = info.env.get(func_name)
    if type(fn) is not Function or isinstance(fn.node, ast.Lambda):
        return UNKNOWN, []
    params = [p.arg for p in fn.node.args.posonlyargs + fn.node.args.args]
    args = []
    for name in params:
        spec = arg_shapes.get(name)
        if spec is None:
            args.append(UNKNOWN)
            continue
        dims = tuple(d if isinstance(d, int) else sym(str(d)) for d in spec)
        args.append(Array(Shape(dims), (dtypes or {}).get(name)))
    errors: list = []
    caller = Interpreter(analysis, info, Frame(dict(info.env)), report=False, errors=errors)
    result = analysis.call_function(caller, fn.node, fn, args, {})
    return result, errors
