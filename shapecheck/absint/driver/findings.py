"""What a run finds: its diagnostics (each reported once), the shapes it noted for editors, and
how much of the code got a known shape (``--statistics``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...report.diagnostics import Diagnostic, ShapeNote, Span
from ..core.values import Array


@dataclass
class Findings:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notes: list[ShapeNote] = field(default_factory=list)
    arrays_known: int = 0
    arrays_unknown: int = 0
    unknown_calls: dict[str, int] = field(default_factory=dict)
    _seen: set = field(default_factory=set)

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

    def count_unknown_call(self, name: str) -> None:
        self.unknown_calls[name] = self.unknown_calls.get(name, 0) + 1
