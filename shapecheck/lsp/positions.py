"""Positions between shapecheck spans and LSP ranges.

shapecheck spans are 1-based lines and 1-based columns counted in characters (code points), end
exclusive (see ``shapecheck.report.diagnostics``). LSP positions are 0-based lines and 0-based columns
counted in the negotiated position encoding: UTF-16 code units unless the client offered another
(LSP 3.17, "Position" and ``general.positionEncodings``). LSP lines end at ``\\n``, ``\\r\\n`` or ``\\r``
only, unlike ``str.splitlines`` which also splits at form feeds and Unicode separators.

Every conversion clamps: a position past the end of a line lands on its end, a line past the end of
the document lands on the last line, so a stale or hostile position never raises.

>>> lines = split_lines("x = 'é𝄞'\\n")
>>> to_lsp_column(lines[0], 8, "utf-16")   # after the closing quote: 𝄞 takes two units
9
>>> from_lsp_column(lines[0], 9, "utf-16")
8
>>> line_before(["a", "b", "c"], ["a", "new", "b", "c"], 2)   # "b" was line 1 before a line was typed
1
>>> line_before(["a", "b", "c"], ["a", "new", "b", "c"], 1) is None
True
"""

from __future__ import annotations

import re

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def split_lines(text: str) -> list[str]:
    """The document's lines as LSP counts them, without their line breaks (always at least one)."""
    return _LINE_BREAK.split(text)


def _units(char: str, encoding: str) -> int:
    """How many code units one character takes in the encoding."""
    code = ord(char)
    if encoding == UTF32:
        return 1
    if encoding == UTF8:
        return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    return 2 if code >= 0x10000 else 1


def to_lsp_column(line: str, char_index: int, encoding: str = UTF16) -> int:
    """Code units before the 0-based character index ``char_index`` of ``line`` (clamped to the line)."""
    char_index = max(0, min(char_index, len(line)))
    if encoding == UTF32 or line.isascii():
        return char_index
    return sum(_units(c, encoding) for c in line[:char_index])


def from_lsp_column(line: str, units: int, encoding: str = UTF16) -> int:
    """The 0-based character index at ``units`` code units into ``line``.

    A column inside a character (half of a surrogate pair) rounds down to that character's start;
    a column past the end clamps to the line's length.
    """
    if units <= 0:
        return 0
    if encoding == UTF32 or line.isascii():
        return min(units, len(line))
    seen = 0
    for index, char in enumerate(line):
        seen += _units(char, encoding)
        if seen > units:
            return index
        if seen == units:
            return index + 1
    return len(line)


def clamp_line(lines: list[str], line: int) -> int:
    """A 0-based line index forced inside the document."""
    return max(0, min(line, len(lines) - 1))


def span_to_range(lines: list[str], line: int, column: int, end_line: int, end_column: int,
                  encoding: str = UTF16) -> tuple[tuple[int, int], tuple[int, int]]:
    """A 1-based character span as ((line, unit), (end_line, end_unit)), 0-based in ``encoding``."""
    start_line = clamp_line(lines, line - 1)
    stop_line = clamp_line(lines, max(end_line, line) - 1)
    start = to_lsp_column(lines[start_line], column - 1, encoding)
    stop = to_lsp_column(lines[stop_line], end_column - 1, encoding)
    if (stop_line, stop) < (start_line, start):
        stop_line, stop = start_line, start
    return (start_line, start), (stop_line, stop)


def position_to_char(lines: list[str], line: int, units: int, encoding: str = UTF16) -> tuple[int, int]:
    """An LSP position as a 1-based (line, character column), clamped into the document."""
    index = clamp_line(lines, line)
    return index + 1, from_lsp_column(lines[index], units, encoding) + 1


def line_before(old: list[str], new: list[str], line: int) -> int | None:
    """The 0-based line of ``old`` that line ``line`` of ``new`` was, where the edit from one to the
    other left it alone: before the first line that differs, or after the last (moved by the lines
    typed or deleted); None for a line inside the edited region."""
    if not 0 <= line < len(new):
        return None
    limit = min(len(old), len(new))
    head = 0
    while head < limit and head <= line and old[head] == new[head]:
        head += 1
    if line < head:
        return line
    moved = len(old) - len(new)
    tail = 0   # equal lines at the end, not reaching into the equal head
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return line + moved if line >= len(new) - tail else None
