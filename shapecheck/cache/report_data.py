"""A FileReport as plain JSON data and back: what a worker process returns and the cache stores.

Only what the CLI prints is kept: the diagnostics (every field), the statistics, and the project
modules the analysis read. Notes, signatures and the source text are editor concerns.

>>> from shapecheck.report.diagnostics import Diagnostic, Span
>>> report = FileReport("a.py", [Diagnostic("a.py", Span(1, 1, 1, 5), "SC101", "error", "boom")])
>>> report_from_data(report_to_data(report)).diagnostics == report.diagnostics
True
"""

from __future__ import annotations

from typing import Any

from ..report.diagnostics import Diagnostic, FileReport, Fix, Related, Span


def report_to_data(report: FileReport) -> dict[str, Any]:
    return {
        "path": report.path,
        "diagnostics": [_diagnostic_to_data(d) for d in report.diagnostics],
        "array_expressions": [[*where, *known] for where, known in report.array_expressions.items()],
        "unknown_calls": dict(report.unknown_calls),
        "calls": [report.calls_analysed, report.calls_summarised, report.calls_unfollowed],
        "loaded_modules": list(report.loaded_modules),
    }


def report_from_data(data: dict[str, Any]) -> FileReport:
    """The inverse of :func:`report_to_data`; raises KeyError, TypeError or ValueError on data of
    another shape (a foreign or damaged cache entry)."""
    return FileReport(
        path=str(data["path"]),
        diagnostics=[_diagnostic_from_data(d) for d in data["diagnostics"]],
        array_expressions={(int(a), int(b), int(c), int(d)): (bool(rank), bool(full))
                           for a, b, c, d, rank, full in data["array_expressions"]},
        unknown_calls={str(name): int(count) for name, count in data["unknown_calls"].items()},
        calls_analysed=int(data["calls"][0]),
        calls_summarised=int(data["calls"][1]),
        calls_unfollowed=int(data["calls"][2]),
        loaded_modules=[str(p) for p in data["loaded_modules"]],
    )


def relocate(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``data`` (from :func:`report_to_data`) with every path that is ``old`` (the report's own,
    its diagnostics' and their related locations') made ``new``; other files' paths are kept.

    The cache stores a file's report under a placeholder for its own path, so one entry serves
    every spelling of that path (``a.py`` from the command line, ``/repo/a.py`` from an editor)."""
    def moved(path: str) -> str:
        return new if path == old else path

    return {**data, "path": moved(data["path"]), "diagnostics": [
        {**d, "path": moved(d["path"]), "related": [[moved(p), span, m] for p, span, m in d["related"]]}
        for d in data["diagnostics"]]}


def _span(s: Span) -> list[int]:
    return [s.line, s.column, s.end_line, s.end_column] + ([] if s.cell is None else [s.cell])


def _span_from(data: list) -> Span:
    line, column, end_line, end_column, *cell = (int(x) for x in data)
    if len(cell) > 1:
        raise ValueError("a span has 4 or 5 numbers")
    return Span(line, column, end_line, end_column, *cell)


def _diagnostic_to_data(d: Diagnostic) -> dict[str, Any]:
    return {
        "path": d.path, "span": _span(d.span), "code": d.code, "severity": d.severity,
        "message": d.message,
        "related": [[r.path, _span(r.span), r.message] for r in d.related],
        "shape": None if d.shape is None else list(d.shape), "has_shape": d.has_shape,
        "hole": d.hole,
        "fix": None if d.fix is None else [d.fix.title, _span(d.fix.span), d.fix.replacement],
        "cause": d.cause,
    }


def _diagnostic_from_data(data: dict[str, Any]) -> Diagnostic:
    fix = data["fix"]
    shape = data["shape"]
    return Diagnostic(
        path=str(data["path"]), span=_span_from(data["span"]), code=str(data["code"]),
        severity=str(data["severity"]), message=str(data["message"]),
        related=tuple(Related(str(p), _span_from(s), str(m)) for p, s, m in data["related"]),
        shape=None if shape is None else tuple(shape), has_shape=bool(data["has_shape"]),
        hole=data["hole"],
        fix=None if fix is None else Fix(str(fix[0]), _span_from(fix[1]), str(fix[2])),
        cause=data["cause"],
    )


__all__ = ["relocate", "report_from_data", "report_to_data"]
