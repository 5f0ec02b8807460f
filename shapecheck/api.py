"""The one public entry every front end goes through: ``check_source`` and ``check_paths``.

>>> report = check_source("import numpy as np\\nx = np.zeros((2, 3)) @ np.zeros((4, 5))\\n")
>>> [d.code for d in report.diagnostics]
['SC102']
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .absint.core.cancellation import Cancellation
from .absint.driver.calls import LIBRARY_ALLOWANCE
from .absint.driver.one_shot import begin as checking
from .absint.driver.parsing import freeze_new_trees
from .absint.driver.project import MAX_SOURCE_BYTES, Options, Project, read_source
from .report.diagnostics import Diagnostic, FileReport, Span
from .report.notebook import Notebook, NotebookError, is_notebook, notebook_from_json
from .report.suppression import apply_suppressions, filter_codes

if TYPE_CHECKING:
    from .absint.driver.costs import CostReport, LineCost, MemoryReport
    from .absint.driver.run import Measurement, TargetNotFound
    from .absint.driver.signatures import ShapeText, Signature


def _analyser():
    """The analyser's driver, loaded on first use: a warm ``shapecheck check`` whose files all come
    from the cache needs Options and reports only, and the interpreter, its rule tables and Z3's
    bindings take most of the start-up (issue 11: an unchanged 100k-line tree re-checked in <= 1 s)."""
    from .absint.driver import run  # lazy: start-up time (the interpreter and its rule tables)
    return run


def preload() -> None:
    """Load the analyser now rather than at the first check (a server does, so that its first
    analysis's deadline is not spent loading code, which no cancellation can interrupt)."""
    _analyser()


def __getattr__(name: str):
    # ShapeText and Signature live beside the interpreter (PEP 562: loaded when first named)
    if name in ("ShapeText", "Signature"):
        from .absint.driver import signatures  # lazy: start-up time (signatures load the interpreter)
        return getattr(signatures, name)
    if name in ("CostReport", "LineCost", "MemoryReport"):
        from .absint.driver import costs  # lazy: start-up time (costs load the interpreter)
        return getattr(costs, name)
    if name in ("Measurement", "TargetNotFound"):
        return getattr(_analyser(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_source(source: str | bytes, path: str = "<string>", *, project: Project | None = None,
                 options: Options | None = None, cancellation: Cancellation | None = None) -> FileReport:
    """Analyse one file's text and return its report (diagnostics sorted by position).

    A ``.ipynb`` path is read as a Jupyter notebook: its code cells are analysed as one module
    and the positions reported are in cells (``Span.cell``); ``report.notebook`` maps back.
    ``cancellation.cancel(reason)``, from another thread, stops the analysis at its next
    statement: the report then holds what was found so far and an SC006 saying why."""
    if project is None:
        project = Project(roots=[str(Path(path).parent)] if path != "<string>" else [])
    if options is not None:
        project.options = options
    if is_notebook(path):
        return check_notebook(source, path, project, cancellation)
    report = _analyser().analyze_file(source, path, project, cancellation)
    return finish_report(report, project.options)


def check_notebook(source: str | bytes, path: str, project: Project,
                   cancellation: Cancellation | None = None) -> FileReport:
    """Analyse a notebook's JSON text (see :func:`check_source`); an unreadable one is SC002."""
    try:
        text = source.decode("utf-8-sig") if isinstance(source, bytes) else source
        notebook = notebook_from_json(text)
    except (UnicodeDecodeError, NotebookError) as error:
        reason = f"not UTF-8 text: {error.reason} at byte {error.start}" \
            if isinstance(error, UnicodeDecodeError) else str(error)
        return FileReport(path, [Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error", reason)])
    return check_cells(notebook, path, project, cancellation)


def check_cells(notebook: Notebook, path: str, project: Project,
                cancellation: Cancellation | None = None) -> FileReport:
    """Analyse a notebook's code cells as one module; positions are in cells (``Span.cell``)."""
    report = finish_report(_analyser().analyze_file(notebook.text, path, project, cancellation),
                           project.options)
    report.notebook = notebook
    return notebook.report_to_cells(report)


def finish_report(report: FileReport, options: Options) -> FileReport:
    """Apply ``# shapecheck: ignore`` comments and --select/--ignore, and sort by position."""
    diags = report.diagnostics
    if report.source is not None:
        diags = apply_suppressions(report.source, diags, path=report.path)
    diags = filter_codes(diags, options.select, options.ignore)
    report.diagnostics = sorted(diags, key=Diagnostic.sort_key)
    return report


def check_paths(paths: Sequence[str], options: Options | None = None,
                project: Project | None = None, *, root: str | Path | None = None) -> list[FileReport]:
    """Analyse every given file (already discovered: see ``shapecheck.cli.discovery``).

    Imports of project modules resolve from ``project``'s roots, else from ``root`` (the project
    root: ``Project.at_root``), else from the analysed files' folders.
    """
    options = options or Options()
    if project is None and root is not None:
        project = Project.at_root(root, options)
    project = project or Project(roots=sorted({str(Path(p).resolve().parent) for p in paths}),
                                 options=options)
    project.options = options
    reports = []
    for p in paths:
        try:
            data = read_source(p)
        except OSError as exc:
            report = FileReport(p)
            report.diagnostics.append(Diagnostic(p, Span(1, 1, 1, 1), "SC002", "error",
                                                 f"cannot read file: {exc.strerror or exc}"))
            reports.append(report)
            continue
        reports.append(check_source(data, p, project=project))
    return reports


def signatures_of(path: str, source: str | None = None, project: Project | None = None) -> list[Signature]:
    """The inferred shape signature of every function in one file, in source order (``.text()``
    prints one)."""
    project = project or Project(roots=[str(Path(path).resolve().parent)])
    return _analyser().module_signatures_of(path, source, project)


def analyze_call(source: str, func_name: str, arg_shapes: dict, dtypes: dict | None = None,
                 path: str = "<trace>", project: Project | None = None, alone: bool = False):
    """The analyser's view of one call ``func_name(*args)``, each argument an array of the given
    shape (ints, or dim names: the same name is the same dim). Returns ``(result, errors)``: the
    call's abstract result and the errors it meets (SC110 naming the failing operation). With
    ``alone``, only this call is analysed (not the function with unknown arguments first): the
    errors are the body's own, each at its line, including those it has for every argument."""
    return _analyser().analyze_call(source, func_name, arg_shapes, dtypes, path, project or Project(), alone)


def measure(path: str, target: str, arg_shapes: dict | None = None, dtypes: dict | None = None,
            source: str | None = None, project: Project | None = None, layouts: dict | None = None) -> "Measurement":
    """Run ``target`` (``f``, ``Class.method``, or ``Class`` for its ``forward``) of one file once,
    logging its ops: the arguments are arrays of the given shapes (ints or dim names), or what the
    body itself says of them; ``layouts`` places some on a device mesh (name -> ``Layout``, see
    ``shapecheck.sharding``), so the costs are one device's. :class:`TargetNotFound` when the file
    has no such function; the file is read, never imported or run."""
    text = read_source(path).decode("utf-8-sig") if source is None else source
    project = project or Project(roots=[str(Path(path).resolve().parent)])
    return _analyser().measure_call(text, target, arg_shapes or {}, dtypes, path, project, layouts)


def cost_of(measured: "Measurement", values: dict[str, int] | None = None) -> "CostReport":
    """FLOPs, MACs, bytes and parameters of a measured call, per line and in total, as polynomials in
    its dims (``values`` evaluates named ones: ``{"config.n_head": 12}``).

    >>> m = measure("<doc>", "f", {"x": ["n", 3], "w": [3, 4]}, source="def f(x, w):\\n    return x @ w\\n")
    >>> report = cost_of(m)
    >>> report.show(report.total.flops)
    '24*n'
    """
    from .absint.driver.costs import cost_report  # lazy: start-up time (the interpreter's rule tables)
    return cost_report(measured, values)


def shard_cost_of(measured: "Measurement", params: tuple[str, ...] | None = None, training: bool = False):
    """One device's FLOPs and bytes received in collectives for a measured call of sharded code (a
    ``shapecheck.sharding.cost.Cost``), with a training step's backward pass and gradient
    all-reduces when ``training``; and the (line, op) pairs it could not count. ``params`` name the
    weights (default: every argument but the first). ``CostError`` when a count is symbolic."""
    from .absint.driver.shard_costs import shard_cost  # lazy: start-up time (the interpreter's rule tables)
    return shard_cost(measured, params, training)


def memory_of(measured: "Measurement", values: dict[str, int] | None = None) -> "MemoryReport":
    """The live bytes of a measured call's intermediates after each op, and their peak."""
    from .absint.driver.costs import memory_report  # lazy: start-up time (the interpreter's rule tables)
    return memory_report(measured, values)


__all__ = ["LIBRARY_ALLOWANCE", "check_notebook", "check_cells", "Notebook", "measure", "cost_of", "shard_cost_of", "memory_of", "CostReport",
           "LineCost", "MemoryReport", "TargetNotFound", "signatures_of", "analyze_call", "Signature", "ShapeText", "Options", "Project", "check_source",
           "check_paths", "read_source", "MAX_SOURCE_BYTES", "Diagnostic", "FileReport", "Span", "freeze_new_trees",
           "checking"]
