"""Looking up the analyzer's ShapeNotes by position: the note under the cursor, the notes to show inline.

A note's span is 1-based in characters, end exclusive (``shapecheck.report.diagnostics.ShapeNote``). The
note under a cursor is the innermost one that contains it; a cursor just past the end of a name
(where an editor's caret sits after typing it) also finds that name.

>>> from shapecheck.report.diagnostics import ShapeNote, Span
>>> index = NoteIndex([ShapeNote(Span(2, 1, 2, 2), "(3, 4) float64", "assign"),
...                    ShapeNote(Span(2, 5, 2, 17), "(3, 4) float64", "expr")])
>>> index.at(2, 1).kind, index.at(2, 9).kind, index.at(3, 1)
('assign', 'expr', None)
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ..report.diagnostics import ShapeNote, Span

_KIND_RANK = {"def": 0, "assign": 1, "expr": 2}
_DEFINITION = re.compile(r"^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([^\W\d]\w*)")
_IDENTIFIER = re.compile(r"[^\W\d]\w*")


def _contains(span: Span, line: int, column: int, *, end_inclusive: bool) -> bool:
    if (line, column) < (span.line, span.column):
        return False
    end = (span.end_line, span.end_column)
    return (line, column) <= end if end_inclusive else (line, column) < end


def _size(span: Span) -> tuple[int, int]:
    return (span.end_line - span.line, span.end_column - span.column)


class NoteIndex:
    """One report's notes, indexed by line for fast lookups (hover must answer in milliseconds)."""

    def __init__(self, notes: list[ShapeNote]):
        self._notes = sorted(notes, key=lambda n: (n.span.line, n.span.column))
        self._starts = [n.span.line for n in self._notes]
        # longest line extent of any note: how far back a lookup must look for notes that began earlier
        self._reach = max((n.span.end_line - n.span.line for n in self._notes), default=0)

    def at(self, line: int, column: int) -> ShapeNote | None:
        """The innermost note at a 1-based (line, column), preferring a def, then an assignment."""
        lo = bisect_left(self._starts, line - self._reach)
        hi = bisect_right(self._starts, line)
        window = self._notes[lo:hi]
        for end_inclusive in (False, True):
            hits = [n for n in window if _contains(n.span, line, column, end_inclusive=end_inclusive)]
            if hits:
                return min(hits, key=lambda n: (_size(n.span), _KIND_RANK.get(n.kind, 3)))
        return None

    def between(self, first_line: int, last_line: int) -> list[ShapeNote]:
        """Notes whose span ends on a line in [first_line, last_line] (inlay hints sit at a span's end)."""
        lo = bisect_left(self._starts, first_line - self._reach)
        hi = bisect_right(self._starts, last_line)
        return [n for n in self._notes[lo:hi] if first_line <= n.span.end_line <= last_line]


def span_text(lines: list[str], span: Span) -> str:
    """The source text a span covers (lines are the document's, without line breaks)."""
    if not 1 <= span.line <= len(lines):
        return ""
    if span.end_line == span.line:
        return lines[span.line - 1][span.column - 1:span.end_column - 1]
    parts = [lines[span.line - 1][span.column - 1:]]
    parts += lines[span.line:min(span.end_line - 1, len(lines))]
    if span.end_line <= len(lines):
        parts.append(lines[span.end_line - 1][:span.end_column - 1])
    return "\n".join(parts)


def hint_notes(notes: list[ShapeNote], mode: str, lines: list[str]) -> list[ShapeNote]:
    """The notes to show as inlay hints: each assignment's target ("assignments"), and in "all" mode
    also each intermediate result that is not a bare name (a name's shape shows where it is bound).
    One hint per position, an assignment's winning over an expression's."""
    if mode == "off":
        return []
    chosen: dict[tuple[int, int], ShapeNote] = {}
    for note in notes:
        if note.kind == "assign" or (mode == "all" and note.kind == "expr"
                                     and not _IDENTIFIER.fullmatch(span_text(lines, note.span))):
            key = (note.span.end_line, note.span.end_column)
            if key not in chosen or note.kind == "assign":
                chosen[key] = note
    return [chosen[key] for key in sorted(chosen)]


def signature_notes(lines: list[str], signatures: dict[str, str]) -> list[ShapeNote]:
    """"def" notes on function names, from a report's ``signatures`` (keyed by ``__qualname__``).

    For a report whose analyzer gives signatures but no "def" notes. Definitions are found line by
    line (indentation gives nesting), which is enough to name them; a name not in ``signatures``
    (say, a ``def`` inside a string) gets no note.

    >>> [n.span for n in signature_notes(["class A:", "    def f(self):"], {"A.f": "def f(self) -> ()"})]
    [Span(line=2, column=9, end_line=2, end_column=10)]
    """
    notes = []
    stack: list[tuple[int, str, str]] = []   # (indent, kind, qualified name) of enclosing definitions
    for number, line in enumerate(lines, start=1):
        found = _DEFINITION.match(line)
        if found is None:
            continue
        indent = len(found.group(1).expandtabs())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        kind, name = found.group(2), found.group(3)
        if stack:
            outer_kind, outer = stack[-1][1], stack[-1][2]
            qualname = f"{outer}.<locals>.{name}" if outer_kind == "def" else f"{outer}.{name}"
        else:
            qualname = name
        stack.append((indent, kind, qualname))
        if kind == "def" and qualname in signatures:
            notes.append(ShapeNote(Span(number, found.start(3) + 1, number, found.end(3) + 1),
                                   signatures[qualname], "def"))
    return notes


@dataclass(frozen=True)
class HoverText:
    """What a hover shows: a code block and, under it, prose (the diagnostic's explanation)."""

    code: str
    prose: str = ""

    def markdown(self) -> str:
        text = f"```python\n{self.code}\n```"
        return f"{text}\n\n{self.prose}" if self.prose else text


def hover_code(note: ShapeNote, lines: list[str]) -> str:
    """The code line a hover shows for a note: ``x: (n, 784) float32`` or the function's signature."""
    name = " ".join(span_text(lines, note.span).split())
    if note.kind == "def":
        text = note.text.strip()
        return text if text.startswith(("def ", "async def ", "class ")) else f"def {name}{text}"
    if len(name) > 60:
        name = name[:57] + "..."
    return f"{name}: {note.text}"
