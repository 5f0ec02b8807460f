"""shapecheck values as LSP values: ranges, diagnostics with their related locations and doc links."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from lsprotocol import types

from ..report.codes import CODES
from ..report.diagnostics import Diagnostic, Span
from .positions import position_to_char, span_to_range
from .settings import Settings, explain_link

SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}

# Codes whose subject is dead text: editors grey it out.
_UNNECESSARY = {"SC004"}

SOURCE = "shapecheck"


def to_range(lines: list[str], span: Span, encoding: str) -> types.Range:
    """A shapecheck span (1-based characters) as an LSP range in the negotiated encoding."""
    (line, char), (end_line, end_char) = span_to_range(
        lines, span.line, span.column, span.end_line, span.end_column, encoding)
    return types.Range(types.Position(line, char), types.Position(end_line, end_char))


def to_span(lines: list[str], rng: types.Range, encoding: str) -> Span:
    """An LSP range as a shapecheck span, clamped into the document."""
    line, column = position_to_char(lines, rng.start.line, rng.start.character, encoding)
    end_line, end_column = position_to_char(lines, rng.end.line, rng.end.character, encoding)
    if (end_line, end_column) < (line, column):
        end_line, end_column = line, column
    return Span(line, column, end_line, end_column)


def path_to_uri(path: str) -> str:
    """A file path as a ``file:`` URI (paths that are not absolute are taken as they are)."""
    try:
        return Path(path).resolve().as_uri()
    except ValueError:
        return path


def to_lsp_diagnostic(diag: Diagnostic, lines: list[str], encoding: str, settings: Settings,
                      lines_of: Callable[[str], list[str]]) -> types.Diagnostic:
    """One diagnostic; ``lines_of(path)`` gives another file's lines for its related locations."""
    row = CODES.get(diag.code)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=path_to_uri(r.path),
                                    range=to_range(lines if r.path == diag.path else lines_of(r.path),
                                                   r.span, encoding)),
            message=r.message)
        for r in diag.related
    ]
    return types.Diagnostic(
        range=to_range(lines, diag.span, encoding),
        message=diag.message,
        severity=SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
        code=diag.code,
        code_description=(types.CodeDescription(href=explain_link(settings, diag.code, row.name))
                          if row is not None else None),
        source=SOURCE,
        related_information=related or None,
        tags=[types.DiagnosticTag.Unnecessary] if diag.code in _UNNECESSARY else None,
    )
