"""The one public entry every front end goes through: ``check_source`` and ``check_paths``.

>>> report = check_source("import numpy as np\\nx = np.zeros((2, 3)) @ np.zeros((4, 5))\\n")
>>> [d.code for d in report.diagnostics]
['SC102']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from .report.diagnostics import Diagnostic, FileReport, Span


@dataclass(frozen=True)
class Options:
    strict: bool = False           # also report possible errors (SC120) as warnings
    timeout_ms: int = 1000         # per Z3 query; a time-out means "unknown", never an error
    select: tuple[str, ...] = ()   # code prefixes to keep (empty: all)
    ignore: tuple[str, ...] = ()   # code prefixes to drop
    notes: bool = False            # record ShapeNotes (hover / inlay hints); the CLI does not need them


@dataclass
class Project:
    """The set of files that make up a project, for resolving imports of the project's own modules.

    ``roots`` are the directories module names are resolved from (the analysed files' directories
    are always added). ``read_source`` may supply text for a path (an editor's unsaved buffer);
    when it returns None the file is read from disk. Modules are never imported or executed.
    """

    roots: list[str] = field(default_factory=list)
    read_source: Callable[[str], str | None] | None = None
    options: Options = field(default_factory=Options)
    # Re-checking the same files as they are edited (an editor): keep parse trees and generic
    # analyses between runs in ``cache`` and redo only what an edit touched (absint/incremental.py).
    # Off for one-shot runs, where it would only cost.
    incremental: bool = False
    cache: dict = field(default_factory=dict)

    def source_of(self, path: str) -> str | None:
        if self.read_source is not None:
            text = self.read_source(path)
            if text is not None:
                return text
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None


def check_source(source: str | bytes, path: str = "<string>", *, project: Project | None = None,
                 options: Options | None = None) -> FileReport:
    """Analyse one file's text and return its report (diagnostics sorted by position)."""
    from .absint.driver.analysis import analyze_file

    if project is None:
        project = Project(roots=[str(Path(path).parent)] if path != "<string>" else [])
    if options is not None:
        project.options = options
    report = analyze_file(source, path, project)
    return finish_report(report, project.options)


def finish_report(report: FileReport, options: Options) -> FileReport:
    """Apply ``# shapecheck: ignore`` comments and --select/--ignore, and sort by position."""
    diags = report.diagnostics
    try:
        from .report.suppression import apply_suppressions, filter_codes
    except ImportError:  # pragma: no cover - during bootstrap
        apply_suppressions = filter_codes = None
    if filter_codes is not None:
        if report.source is not None:
            diags = apply_suppressions(report.source, diags, path=report.path)
        diags = filter_codes(diags, options.select, options.ignore)
    report.diagnostics = sorted(diags, key=Diagnostic.sort_key)
    return report


def check_paths(paths: Sequence[str], options: Options | None = None,
                project: Project | None = None) -> list[FileReport]:
    """Analyse every given file (already discovered: see ``shapecheck.cli.discovery``)."""
    options = options or Options()
    project = project or Project(roots=sorted({str(Path(p).resolve().parent) for p in paths}),
                                 options=options)
    project.options = options
    reports = []
    for p in paths:
        try:
            data = Path(p).read_bytes()
        except OSError as exc:
            report = FileReport(p)
            report.diagnostics.append(Diagnostic(p, Span(1, 1, 1, 1), "SC002", "error",
                                                 f"cannot read file: {exc.strerror or exc}"))
            reports.append(report)
            continue
        reports.append(check_source(data, p, project=project))
    return reports


def signatures_of(path: str, source: str | None = None, project: Project | None = None) -> list:
    """The inferred shape signature of every function in one file, in source order (each a
    :class:`~shapecheck.absint.driver.signatures.Signature`; ``.text()`` prints it)."""
    from .absint.driver.analysis import module_signatures_of

    return module_signatures_of(path, source, project)


def analyze_call(source: str, func_name: str, arg_shapes: dict, dtypes: dict | None = None,
                 path: str = "<trace>", project: Project | None = None):
    """The analyser's view of one call ``func_name(*args)``, each argument an array of the given
    shape (ints, or dim names: the same name is the same dim). Returns ``(result, errors)``: the
    call's abstract result and the errors it meets (SC110 naming the failing operation)."""
    from .absint.driver.analysis import analyze_call as run

    return run(source, func_name, arg_shapes, dtypes, path, project)


__all__ = ["signatures_of", "analyze_call", "Options", "Project", "check_source", "check_paths", "Diagnostic", "FileReport", "Span"]

# The values ``signatures_of`` returns, for front ends that read them (``shapecheck annotate``).
from .absint.driver.signatures import ShapeText, Signature  # noqa: E402  (re-export)

__all__ += ["Signature", "ShapeText"]
