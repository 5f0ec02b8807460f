"""An imported module's tree with its functions' bodies parsed on first use.

A module a run imports but does not check is interpreted at its top level; of its functions only
those called are run. Parsing it whole cost most of a small run: transformers' llama folder (2,173
lines) parsed 44,482 lines of the package's modules, half of them function bodies never run
(issue 11). Here the module is parsed as a *skeleton*: the text with the bodies of its larger
functions blanked out line for line (so every other node keeps its line and column), each such
body a :class:`LazyBody` that parses that function's own lines (after as many blank lines: its
nodes' positions are the whole parse's) the first time anything reads it.

Which bodies (:func:`_regions`): a ``def`` whose header ends at a line ending in ``:`` and whose
body runs until the next line indented no deeper than the ``def`` (blank and comment lines aside),
if that body's text, lexed for strings and comments (:data:`_LEXEMES`, leftmost first as the
tokenizer does), closes every string and bracket it opens: then the line after it starts a
statement in the whole parse too, and the skeleton tokenizes like the whole text outside the
blanked lines. Its end (``end_lineno``/``end_col_offset`` of the function and of every statement
ending with it) is the end of its last line of code, so that line may hold no comment, ``;`` or
continuation that would hide where the statement ends. Anything else is left in the skeleton.

Checked, not trusted: a body parsed on first use must give the function the skeleton stated (its
name, position and end); where it does not, or does not parse alone, the whole text is parsed and
the function's body taken from it. A syntax error inside a blanked body, which the whole parse
would raise, is not seen until that body is read, and then the function has the skeleton's body
(``...``): an approximation for imported modules only (a checked file is parsed whole:
``parsing.parse_shared``).
"""

from __future__ import annotations

import ast
import re
import threading
from typing import Callable

#: Bodies of fewer lines are parsed with the skeleton (a lazy body costs a closure and a parse).
MIN_LINES = 4
#: Python 3's comments and string literals (any prefix), leftmost first: what is left of a text
#: once they are removed holds its quotes only where a string is not closed.
_LEXEMES = re.compile(
    r'#[^\n]*'
    r'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    r"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'", re.S)
#: Where an import statement may start: at the start of a line, or after a ``;`` or a one-line
#: header's ``:`` (``try: import x``); a text without one holds no import.
_IMPORT = re.compile(r"(?:^|[;:])[ \t]*(?:import|from)[ \t\\.]", re.M)
#: A header ends within this many lines of its ``def`` (else the function is parsed with the skeleton).
_HEADER_LINES = 40
_LOCK = threading.Lock()


class LazyBody(list):
    """A function's body, parsed the first time it is read (any list operation); then a list."""

    __slots__ = ("_load", "imports")

    def __init__(self, load: Callable[[], list], imports: bool):
        super().__init__()
        self._load = load
        self.imports = imports   # whether it may hold an import (its text names ``import``)

    @property
    def unread(self) -> bool:
        return self._load is not None

    def _fill(self) -> None:
        with _LOCK:   # an editor's hover may read a body from its own thread
            load = self._load
            if load is not None:
                list.extend(self, load())
                self._load = None


def _filling(name: str):
    method = getattr(list, name)

    def read(self, *args):
        if self._load is not None:
            self._fill()
        return method(self, *args)
    read.__name__ = name
    return read


for _name in ("__iter__", "__len__", "__getitem__", "__contains__", "__reversed__", "__add__", "__mul__",
              "__rmul__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__repr__", "__copy__",
              "__reduce_ex__", "__sizeof__", "index", "count", "copy", "__setitem__", "__delitem__", "__iadd__",
              "__imul__", "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse"):
    if hasattr(list, _name):
        setattr(LazyBody, _name, _filling(_name))
LazyBody.__hash__ = None   # type: ignore[assignment]: a list's


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _closed(text: str) -> bool:
    """Whether ``text``, lexed from a clean start, ends clean: every string and bracket closed."""
    rest = _LEXEMES.sub("", text)
    return ("'" not in rest and '"' not in rest and rest.count("(") == rest.count(")")
            and rest.count("[") == rest.count("]") and rest.count("{") == rest.count("}"))


def _defs(text: str):
    """(offset of its line, its indentation) of each line that starts with ``def`` or ``async def``
    (``str.find`` for the word: a regular expression tried at every line start took half the scan)."""
    found = text.find("def", 0)
    while found >= 0:
        start = text.rfind("\n", 0, found) + 1
        head = text[start:found]
        if text[found + 3:found + 4] in (" ", "\t"):
            words = head.split()
            if not words or words == ["async"]:
                yield start, len(head) - len(head.lstrip(" \t"))
        found = text.find("def", found + 3)


def _first_code(body: str) -> tuple[int, str] | None:
    """(its index, the line) of the first line of code in ``body`` (comments may come before it)."""
    start = 0
    for index in range(_HEADER_LINES):
        stop = body.find("\n", start)
        line = body[start:] if stop < 0 else body[start:stop]
        if _is_code(line):
            return index, line
        if stop < 0:
            return None
        start = stop + 1
    return None


_ENDS: dict[int, re.Pattern] = {}


def _block_end(indent: int) -> re.Pattern:
    """A line of code (not blank, not a comment) indented no deeper than ``indent``: where a block
    indented deeper ends (the newline before it)."""
    found = _ENDS.get(indent)
    if found is None:
        found = _ENDS[indent] = re.compile(r"\n[ \t]{0,%d}(?![ \t\r\n#])" % indent)
    return found


def _regions(text: str) -> list[tuple[int, int, int, int, int, int]]:
    """The bodies to blank, outermost first, none inside another: (def line, first line, its first
    line of code, end line (exclusive), last line of code, end column), 0-based lines."""
    found = []
    line, offset = 0, 0     # a cursor: the line number at an offset
    after = 0
    for at_offset, indent in _defs(text):
        if at_offset < after:
            continue   # inside a body already blanked
        line += text.count("\n", offset, at_offset)
        offset = at_offset
        # the header: up to the first line ending in ":"
        cursor = at_offset
        for header in range(_HEADER_LINES):
            stop = text.find("\n", cursor)
            if stop < 0:
                break
            if text[cursor:stop].split("#", 1)[0].rstrip().endswith(":"):
                break
            cursor = stop + 1
        else:
            continue
        if stop < 0:
            continue
        ends = _block_end(indent).search(text, stop)
        end_offset = ends.start() if ends is not None else len(text)
        body = text[stop + 1:end_offset]
        n_lines = body.count("\n") + 1
        if n_lines < MIN_LINES:
            continue
        lead = _first_code(body)
        if lead is None:
            continue
        head, first_code = lead
        if len(_indent(first_code)) <= indent:
            continue
        last, cut = n_lines - 1, len(body)
        while True:   # the last line of code
            start = body.rfind("\n", 0, cut) + 1
            if _is_code(body[start:cut]):
                break
            last, cut = last - 1, start - 1
        code = body[start:cut].rstrip()
        if "#" in code or ";" in code or code.endswith("\\") or not _closed(body):
            continue
        first = line + header + 1
        found.append((line, first, first + head, first + n_lines, first + last, len(code.encode("utf-8"))))
        after = end_offset
    return found


def parse_lazily(text: str, path: str, parse: Callable[[str, str], ast.Module]) -> ast.Module:
    """``parse(text, path)``'s tree, with the bodies :func:`_regions` finds parsed on first use."""
    if "\r" in text.replace("\r\n", "\n") or "\x0c" in text:
        return parse(text, path)   # line breaks the tokenizer counts and ``split`` does not, or the reverse
    regions = _regions(text)
    if not regions:
        return parse(text, path)
    lines = text.split("\n")
    skeleton = list(lines)
    placeholders = {}
    for at, first, code, end, last, end_col in regions:
        indent = _indent(lines[code])
        for i in range(first, end):
            skeleton[i] = ""
        skeleton[code] = indent + "..."
        placeholders[(code + 1, len(indent.encode("utf-8")) + 3)] = (at, end, last + 1, end_col)
    try:
        tree = parse("\n".join(skeleton), path)
    except (SyntaxError, ValueError):
        return parse(text, path)   # the skeleton is not Python where the text is (or neither is)
    whole: list[ast.Module] = []
    moved: dict[tuple[int, int], tuple[int, int]] = {}

    def visit(stmts: list) -> None:
        for stmt in stmts:
            body = getattr(stmt, "body", None)
            if (type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef) and len(body) == 1
                    and (body[0].end_lineno, body[0].end_col_offset) in placeholders):
                key = (body[0].end_lineno, body[0].end_col_offset)
                at, end, last, end_col = placeholders[key]
                moved[key] = (last, end_col)
                piece = "\n".join(lines[at:end])
                stmt.body = LazyBody(_loader(stmt, body, lines, at, end, text, path, parse, whole),
                                     _IMPORT.search(piece) is not None)
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    inner = getattr(stmt, field, None)
                    if inner:
                        visit(inner)
            position = (getattr(stmt, "end_lineno", None), getattr(stmt, "end_col_offset", None))
            if position in moved:   # a statement that ends with a blanked body ends where it does
                stmt.end_lineno, stmt.end_col_offset = moved[position]
    visit(tree.body)
    if len(moved) < len(placeholders):
        return parse(text, path)   # a body blanked that was no function's (a ``def`` in a string)
    return tree


def _loader(fn: ast.FunctionDef, stub: list, lines: list[str], at: int, end: int, text: str, path: str,
            parse: Callable[[str, str], ast.Module], whole: list) -> Callable[[], list]:
    def load() -> list:
        indent = _indent(lines[at])
        piece = "\n".join(lines[at:end])
        try:
            if indent:   # parsed as the body of an ``if`` on the line before it (a method's, say)
                found = parse("\n" * (at - 1) + "if 1:\n" + piece, path).body[0].body[0]
            else:
                found = parse("\n" * at + piece, path).body[0]
        except (SyntaxError, ValueError, IndexError, AttributeError):
            found = None
        if found is None or not _same(found, fn):
            found = _from_whole(fn, text, path, parse, whole)
        return found.body if found is not None else stub
    return load


def _same(found: ast.stmt, fn: ast.FunctionDef) -> bool:
    return (type(found) is type(fn) and found.name == fn.name and found.lineno == fn.lineno
            and found.col_offset == fn.col_offset and found.end_lineno == fn.end_lineno
            and found.end_col_offset == fn.end_col_offset)


def _from_whole(fn: ast.FunctionDef, text: str, path: str, parse: Callable[[str, str], ast.Module],
                whole: list) -> ast.stmt | None:
    """The function at ``fn``'s place in the whole text's parse (None: the text does not parse)."""
    if not whole:
        try:
            whole.append(parse(text, path))
        except (SyntaxError, ValueError):
            whole.append(None)
    if whole[0] is None:
        return None
    pending = list(whole[0].body)
    while pending:
        stmt = pending.pop()
        if type(stmt) is type(fn) and stmt.lineno == fn.lineno and stmt.col_offset == fn.col_offset:
            return stmt
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            pending.extend(getattr(stmt, field, None) or ())
    return None
