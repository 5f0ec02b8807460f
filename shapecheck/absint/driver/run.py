"""The entry points of the analyser, each opening its run the same way (:func:`_open`): the module
registered under its real path, the recursion limit raised for nested calls, the step budget, and
the project's symbol counter carried on. ``shapecheck.api`` is their public door."""

from __future__ import annotations

import ast
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from ...constraints.dims import sym
from ...constraints.shapes import Shape
from ...report.diagnostics import Diagnostic, FileReport, Span
from ..core.context import BUDGET_SPENT
from ..core.frame import BudgetExceeded, Cancellation, Frame
from ..core.module import ModuleInfo
from ..core.values import UNKNOWN, Array, Class, Function, Instance, LibraryObject, viewing
from ..interp.interpreter import Interpreter
from .analysis import Analysis
from .callsites import rerun_wanted
from .oplog import OpLog
from .recovery import parse_recovering
from .project import Project
from .signatures import Signature, function_signatures, module_signatures

#: Nested calls are analysed by recursion; Python 3.11 frames are cheap, so allow the depth that
#: MAX_CALL_DEPTH levels of real code need (call_function still cuts off gracefully beyond it).
RECURSION_LIMIT = 12000


#: The finished runs an incremental project keeps (one per file an editor has open, in practice).
MAX_FINISHED = 16


@dataclass(frozen=True)
class Finished:
    """A finished run of one file's text, kept by an incremental project (``ProjectCache.finished``)
    for questions about that same text. Its incremental cache is closed: what is run in it
    afterwards makes symbols the project's later runs make too, which must not reach them."""

    text: str
    analysis: Analysis
    info: ModuleInfo
    # one question at a time: a measured call sets the run's op log (an editor asks from threads)
    lock: threading.Lock = field(default_factory=threading.Lock)


@contextmanager
def _deep() -> Iterator[None]:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


@contextmanager
def _open(project: Project, path: str, text: str, tree: ast.Module, reported: bool,
          cancellation: Cancellation | None = None) -> Iterator[tuple[Analysis, ModuleInfo]]:
    analysis = Analysis(project, cancellation)
    info = ModuleInfo(path, Path(path).stem, text, tree, reported=reported,
                      counted=reported and rerun_wanted(project.options.coverage, text))
    analysis.modules.add(info)
    try:
        with _deep(), viewing(analysis.views, analysis.changes):
            yield analysis, info
    finally:
        project.cache.symbol_counter = analysis.symbols
        project.cache.last_reused = analysis.incremental.reused


def _keep_finished(project: Project, path: str, text: str, analysis: Analysis, info: ModuleInfo) -> None:
    analysis.incremental.enabled = False
    # a hover's measured call runs in it from another thread, while the next check runs: what it
    # loads then it loads for itself, so that only checks make the process's kept modules
    analysis.modules.shared = None
    finished = project.cache.finished
    if len(finished) >= MAX_FINISHED and path not in finished:
        finished.clear()
    finished[path] = Finished(text, analysis, info)


def _run(analysis: Analysis, info: ModuleInfo) -> None:
    """Interpret the module; past the step budget, what was found is kept and SC006 says so."""
    try:
        analysis.run_module(info)
    except BudgetExceeded as stop:
        line = getattr(stop.node, "lineno", 1)
        why = f"analysis stopped here: {stop.reason}" if stop.reason else \
            f"analysis stopped after {analysis.budget.limit:,} steps (the file's calls and loops multiply too much)"
        analysis.emit(Diagnostic(info.path, Span(line, 1, line, 1), "SC006", "info",
                                 f"{why}; results are partial, no error is implied"))


def _decode(source: str | bytes, report: FileReport) -> str | None:
    """The text of a file's bytes, or None with SC002 in ``report`` (binary, not UTF-8)."""
    if not isinstance(source, bytes):
        return source
    path = report.path
    if b"\x00" in source[:8192]:
        report.diagnostics.append(Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error",
                                             "binary file: not Python source (it contains NUL bytes)"))
        return None
    try:
        return source.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = source[:exc.start].count(b"\n") + 1
        report.diagnostics.append(Diagnostic(path, Span(line, 1, line, 1), "SC002", "error",
                                             f"not UTF-8 text: {exc.reason} at byte {exc.start}"))
        return None


def analyze_file(source: str | bytes, path: str, project: Project,
                 cancellation: Cancellation | None = None) -> FileReport:
    """Analyse one file (see ``shapecheck.api.check_source``); ``cancellation`` may stop it early
    (what it found by then is reported, with SC006)."""
    report = FileReport(path)
    text = _decode(source, report)
    if text is None:
        return report
    try:
        parsed = parse_recovering(project.cache.trees if project.incremental else None, path, text)
    except ValueError as exc:  # e.g. source with NUL characters
        report.diagnostics.append(Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error", f"unreadable source: {exc}"))
        return report
    syntax_errors = [_syntax_error(path, exc) for exc in parsed.errors]
    tree = parsed.tree
    if tree is None:
        report.diagnostics.extend(syntax_errors)
        return report
    for partial in (True, False):
        with _open(project, path, text, tree, reported=True, cancellation=cancellation) as (analysis, info):
            analysis.incremental.partial = partial
            _run(analysis, info)
            if analysis.calls.inexact:
                # a class was reused in part, and a method analysed again changed the template its
                # other methods' kept analyses read as it was: made again, reusing whole classes only
                analysis.incremental.forget_saved()
                continue
            _report(report, syntax_errors, analysis, info)
        break
    if project.incremental:
        _keep_finished(project, path, text, analysis, info)
    else:
        analysis.close()   # a run kept for no later check: freed now (Analysis.close)
    report.source = text
    return report


def _report(report: FileReport, syntax_errors: list, analysis: Analysis, info: ModuleInfo) -> None:
    """Fill ``report`` from a finished run of its file."""
    findings = analysis.findings
    report.diagnostics = syntax_errors + _budget_noted_once(findings.diagnostics)
    # a note the same as one before says nothing more (a lambda's generic analysis runs once per
    # closure it is made with, and how many are made depends on which calls a summary answered)
    report.notes = list(dict.fromkeys(findings.notes))
    report.array_expressions = findings.array_expressions
    report.unknown_calls = {name: len(sites) for name, sites in findings.unknown_calls.items()}
    report.calls_analysed, report.calls_summarised = analysis.calls.body_runs, analysis.calls.reused
    report.calls_unfollowed = analysis.calls.unfollowed
    report.signatures = function_signatures(analysis, info)
    report.loaded_modules = analysis.modules.dependencies()  # the file itself included


def _budget_noted_once(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics with one SC005 note for the questions left open because the run's solver
    budget was spent: the first of them, saying how many more there are (each is the same news)."""
    spent = [d for d in diagnostics if d.code == "SC005" and BUDGET_SPENT in d.message]
    if len(spent) < 2:
        return diagnostics
    first = min(spent, key=lambda d: (d.span.line, d.span.column))
    more = len(spent) - 1
    kept = replace(first, message=f"{first.message} ({more} more question{'s' if more > 1 else ''} of this file "
                                  "after it went unasked too)")
    dropped = {id(d) for d in spent}
    return [kept if d is first else d for d in diagnostics if d is first or id(d) not in dropped]


def _syntax_error(path: str, exc: SyntaxError) -> Diagnostic:
    """SC001 at the parser's error (a statement the recovery parse dropped, or the whole file)."""
    line = exc.lineno or 1
    col = exc.offset or 1
    return Diagnostic(path, Span(line, col, exc.end_lineno or line, max(exc.end_offset or col + 1, col + 1)),
                      "SC001", "error", f"syntax error: {exc.msg}")


def module_signatures_of(path: str, source: str | None, project: Project) -> list[Signature]:
    """The signature of every function in one file (none when it cannot be parsed, even recovering)."""
    text = Path(path).read_text(encoding="utf-8") if source is None else source
    try:
        tree = parse_recovering(None, path, text).tree
    except ValueError:
        return []
    if tree is None:
        return []
    with _open(project, path, text, tree, reported=True) as (analysis, info):
        _run(analysis, info)
        return module_signatures(analysis, info)


def analyze_call(source: str, func_name: str, arg_shapes: dict, dtypes: dict | None, path: str,
                 project: Project, alone: bool = False):
    """The analyser's view of one call (see ``shapecheck.api.analyze_call``)."""
    tree = ast.parse(source, filename=path)
    with _open(project, path, source, tree, reported=False) as (analysis, info):
        _run(analysis, info)
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
        if alone:
            result, found = analysis.calls.call_alone(caller, fn.node, fn, args)
            return result, list(found)
        result = analysis.call_function(caller, fn.node, fn, args, {})
        return result, errors


class TargetNotFound(LookupError):
    """``FILE::NAME`` names no function, method or class of the file."""


@dataclass
class Measurement:
    """One call of a function, run with an op log (see ``oplog.py``): what ``cost`` and ``memory``
    read. ``frame`` is the measured body's final frame (its facts, returns and dim names);
    ``instance`` the object a method ran on (built by ``__init__``), else None."""

    function: Function
    log: OpLog
    arguments: dict
    frame: Frame | None
    instance: Instance | None
    errors: list


def _resolve(env: dict, target: str) -> tuple[Function, Class | None]:
    """``f``, ``Class.method``, or ``Class`` (its ``forward``, else ``__call__``)."""
    head, _, method = target.partition(".")
    value = env.get(head)
    if type(value) is Class:
        member = value.lookup(method or "forward") or (value.lookup("__call__") if not method else None)
        if type(member) is Function:
            return member, value
    elif type(value) is Function and not method and not isinstance(value.node, ast.Lambda):
        return value, None
    raise TargetNotFound(target)


def measure_call(source: str, target: str, arg_shapes: dict, dtypes: dict | None, path: str,
                 project: Project, layouts: dict | None = None) -> Measurement:
    """Run ``target`` once on arrays of the given shapes (as ``analyze_call``), logging its ops; a
    method runs on the object its class's ``__init__`` builds from unknown arguments (a config
    object known only by name: ``config.n_embd`` is a dim). ``layouts`` places arguments on a device
    mesh (name -> :class:`~shapecheck.sharding.layout.Layout`): the ops then run on placed arrays.

    In an incremental project (an editor's) that last checked this very text, the call runs in that
    check's run: the module, its imports and its generic analyses are there already (a hover's
    cost is then one body run, not a second analysis of the file)."""
    if project.incremental:
        finished = project.cache.finished.get(path)
        if finished is not None and finished.text == source:
            with finished.lock, _deep(), viewing(finished.analysis.views):
                return _measure(finished.analysis, finished.info, target, arg_shapes, dtypes, layouts)
        # a run of its own, which must not write to the project's cache (a check may be using it)
        project = Project(roots=list(project.roots), read_source=project.read_source, options=project.options)
    tree = ast.parse(source, filename=path)
    with _open(project, path, source, tree, reported=False) as (analysis, info):
        _run(analysis, info)
        return _measure(analysis, info, target, arg_shapes, dtypes, layouts)


def _measure(analysis: Analysis, info: ModuleInfo, target: str, arg_shapes: dict, dtypes: dict | None,
             layouts: dict | None) -> Measurement:
    fn, cls = _resolve(info.env, target)
    torch = any(type(v) is LibraryObject and v.qualname.split(".")[0] == "torch" for v in info.env.values())
    instance = analysis.generic_instance(cls) if cls is not None else None
    generic = analysis.calls.ensure_generic(fn, receiver=instance)
    params = [p.arg for p in fn.node.args.posonlyargs + fn.node.args.args]
    if instance is not None:
        params = params[1:]
    arguments = {}
    for name in params:
        spec = arg_shapes.get(name)
        if spec is None:
            # what the body itself says of it (``B, T, C = x.size()``), as its signature shows
            refined = generic.final_env.get(name) if generic is not None else None
            known = type(refined) is Array and refined.shape.rank is not None
            arguments[name] = refined if known else UNKNOWN
            continue
        dims = tuple(d if isinstance(d, int) else sym(str(d)) for d in spec)
        arguments[name] = Array(Shape(dims), (dtypes or {}).get(name), tensor=torch,
                                layout=(layouts or {}).get(name))
    log = analysis.oplog = OpLog(fn)
    errors: list = []
    caller = Interpreter(analysis, info, Frame(dict(info.env)), report=False, errors=errors)
    args = ([instance] if instance is not None else []) + list(arguments.values())
    analysis.call_function(caller, info.tree, fn, args, {})
    analysis.oplog = None
    frame = log.root.frame if log.root is not None else None
    if frame is not None and generic is not None:
        frame.names = {**generic.names, **frame.names}
    return Measurement(fn, log, arguments, frame, instance, errors)
