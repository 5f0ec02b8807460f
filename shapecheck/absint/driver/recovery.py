"""Parsing what the user wrote: newer syntax than the running Python, and text that does not parse yet.

Two rewrites of the source text, each run only after ``ast.parse`` has failed, each keeping the line
and column of every token it does not remove, so findings point at the user's text unchanged:

1. **PEP 695 on Python < 3.12** (:func:`without_type_parameters`). A type-parameter list after a
   ``def``/``class`` name (``def f[N: int](x)``) becomes spaces of the same width; a ``type`` alias
   statement (``type Pair[T] = tuple[T, T]``) becomes the assignment ``Pair = tuple[T, T]``, its
   value left in place (so annotations built from the alias keep their meaning to the analyser) and
   ``Pair =`` written over ``type Pair[T]`` padded with spaces. A span that crosses lines gets a
   backslash at the end of each of its lines but the last, so the statement stays one logical line
   and the line count does not change. Widths are counted in UTF-8 bytes, the unit of
   ``ast``'s ``col_offset``, so a column after the rewrite on the same line does not move.

   Found with the stdlib ``tokenize``, not regular expressions: a ``[`` inside a string or comment
   is not an ``OP`` token, and brackets are matched by depth. Not libcst: the installed 1.0.1 does
   not parse PEP 695 (support came in 1.1), and a concrete syntax tree would be a second parse of
   the whole file to change a few characters, where the tokens already carry exact positions.

2. **A statement that does not parse costs that statement, not the file** (:func:`parse_recovering`).
   At each ``SyntaxError`` the logical line holding it (found by tokenizing up to it; to the error's
   line when the tokenizer cannot finish the statement, as with an unclosed bracket) is replaced by a
   placeholder at its own indentation: ``pass``, or a block header when the next code line is
   indented deeper (``if __shapecheck_unparsed__:``, an undecidable condition; ``else:``,
   ``except Exception:``... for a clause; ``def name(*args, **kwargs):`` for a function, so calls
   to it still resolve; ``class name:``), so the body below it still parses and is checked.
   An error inside a placeholder means the placeholder did not fit (an unexpected indent): the
   region is then emptied instead. The text is parsed again, up to :data:`MAX_RECOVERIES` times; past
   that, or when no rewrite makes progress, the file gets the first error alone, as before recovery.

Invariant (R1): a rewrite replaces whole lines of one region, or characters inside one PEP 695
construct, and never changes the number of lines; every line outside the rewritten regions is
byte-for-byte the user's line. The tests check it over random mutations of the case files.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass

from .parsing import parse

#: Syntax errors repaired per file before giving up (each costs one tokenize and one parse).
MAX_RECOVERIES = 20

_EXPECTED_BLOCK = re.compile(r"expected an indented block after .* on line (\d+)")
_SKIPPED = frozenset({tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER})
_OPENERS, _CLOSERS = "([{", ")]}"
#: Block headers that must stay the clause they were, or the statement before them stops parsing.
#: Their condition is a name nothing defines, so the analyser takes both ways, as it does for any
#: condition it cannot decide (``True`` would make an ``else:`` below dead code).
_UNPARSED = "__shapecheck_unparsed__"
_CLAUSES = {"elif": f"elif {_UNPARSED}:", "else": "else:", "except": "except Exception:",
            "finally": "finally:", "case": f"case _ if {_UNPARSED}:"}


@dataclass(frozen=True, slots=True)
class Recovered:
    """A parse that went as far as it could: ``tree`` is None when the file could not be recovered,
    and ``errors`` holds the syntax errors of the user's text (positions in that text)."""

    tree: ast.Module | None
    errors: tuple[SyntaxError, ...]


def parse_recovering(cache: dict | None, path: str, text: str) -> Recovered:
    """``parsing.parse``, then, when it fails, the rewrites of the module docstring.

    >>> r = parse_recovering(None, "f.py", "x = (\\ny = 1\\n")
    >>> [type(s).__name__ for s in r.tree.body], [e.lineno for e in r.errors]
    (['Pass', 'Assign'], [1])

    Raises ValueError like ``ast.parse`` (the caller reports it); never SyntaxError.
    """
    try:
        return Recovered(parse(cache, path, text), ())
    except SyntaxError as exc:
        first = exc
    lines = _lines(text)
    regions: dict[int, tuple[int, str]] = {}   # first line (1-based) -> (last line, replacement)
    errors: list[SyntaxError] = []
    error: SyntaxError | None = None
    for _ in range(MAX_RECOVERIES + 1):
        current = without_type_parameters("".join(_rewrite(lines, regions)))
        if current == text and error is None:
            error = first
        else:
            try:
                tree = parse(cache, path, current)
            except SyntaxError as exc:
                error = exc
            else:
                return Recovered(tree, tuple(errors))
        if not _recover(error, _lines(current), regions, errors):
            break
    return Recovered(None, (first,))


def _recover(error: SyntaxError, current: list[str], regions: dict[int, tuple[int, str]], errors: list[SyntaxError]) -> bool:
    """Add to ``regions`` the rewrite that removes ``error``; False when there is none."""
    line = error.lineno
    expected_block = _EXPECTED_BLOCK.match(error.msg or "")
    # a header with no body yet: the header is the statement to drop
    target = int(expected_block.group(1)) if expected_block else line
    if target is None or not 1 <= target <= len(current):
        return False
    for first, (last, replacement) in regions.items():
        if first <= target <= last:   # the placeholder itself does not parse here: empty the region
            if replacement == "":
                return False
            regions[first] = (last, "")
            return True
    if all(e.lineno != line for e in errors):
        errors.append(error)
    first, last, words = _statement_at(current, target)
    if isinstance(error, IndentationError) and not expected_block:
        replacement = ""   # its indentation is what is wrong: no placeholder can stand there
    else:
        indent = re.match(r"[ \t\f]*", current[first - 1]).group()
        header = _next_code_indent(current, last) > len(indent.expandtabs())
        replacement = indent + (_header(words) if header else "pass")
    if not any(current[n].strip() for n in range(first - 1, last)):
        return False
    for inner in [f for f in regions if first <= f <= last]:
        del regions[inner]
    regions[first] = (last, replacement)
    return True


def _rewrite(lines: list[str], regions: dict[int, tuple[int, str]]) -> list[str]:
    """``lines`` with each region's first line replaced by its replacement and the rest emptied (R1)."""
    out = list(lines)
    for first, (last, replacement) in regions.items():
        for n in range(first, last + 1):
            text = replacement if n == first else ""
            out[n - 1] = text + _ending(lines[n - 1])
    return out


def _statement_at(lines: list[str], line: int) -> tuple[int, int, list[str]]:
    """The lines (first, last) of the logical line holding ``line``, and its first two words.

    Tokenizes up to it; when the tokenizer stops inside the statement (an unclosed bracket or
    string), the statement is taken to end at ``line``.
    """
    start = None
    words: list[str] = []
    for tok in _tokens(lines):
        if tok.type == tokenize.NEWLINE:
            if start is not None and start <= line <= tok.start[0]:
                return start, tok.start[0], words
            start, words = None, []
            continue
        if tok.type in _SKIPPED:
            continue
        if start is None:
            if tok.start[0] > line:
                break
            start = tok.start[0]
        if len(words) < 3:
            words.append(tok.string)
    if start is not None and start <= line:
        return start, line, words
    return line, line, lines[line - 1].split()[:3]


def _header(words: list[str]) -> str:
    """A block header standing in for a broken one, keeping what the lines around it need."""
    if words and words[0] == "async":
        words = words[1:]
    if len(words) >= 2 and words[1].isidentifier():
        if words[0] == "def":
            return f"def {words[1]}(*args, **kwargs):"
        if words[0] == "class":
            return f"class {words[1]}:"
    return _CLAUSES.get(words[0] if words else "", f"if {_UNPARSED}:")


def _next_code_indent(lines: list[str], last: int) -> int:
    """The indentation width of the first line after ``last`` that is not blank or a comment (-1: none)."""
    for text in lines[last:]:
        stripped = text.lstrip(" \t\f")
        if stripped.strip() and not stripped.startswith("#"):
            return len(text[:len(text) - len(stripped)].expandtabs())
    return -1


# ---- PEP 695 ---------------------------------------------------------------------------------------

def without_type_parameters(text: str) -> str:
    """``text`` with PEP 695 type-parameter lists and ``type`` statements rewritten for Python < 3.12
    (module docstring, item 1). Text with none comes back unchanged.

    >>> print(without_type_parameters("def f[N: int](x): ...\\ntype V[T] = list[T]\\n"), end="")
    def f        (x): ...
    V =         list[T]
    """
    lines = _lines(text)
    tokens = list(_tokens(lines))
    spans: list[tuple[tuple[int, int], tuple[int, int], str]] = []
    at_statement_start = True
    for i, tok in enumerate(tokens):
        if tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) or tok.string == ";":
            at_statement_start = True
            continue
        if tok.type in _SKIPPED:
            continue
        starts_statement, at_statement_start = at_statement_start, False
        name = _token(tokens, i + 1)
        if tok.type != tokenize.NAME or name is None or name.type != tokenize.NAME:
            continue
        after = _token(tokens, i + 2)
        if tok.string in ("def", "class") and _is(after, "["):
            close = _matching(tokens, i + 2)
            if close is not None:
                spans.append((after.start, tokens[close].end, ""))
        elif tok.string == "type" and starts_statement and (_is(after, "=") or _is(after, "[")):
            equals = i + 2 if _is(after, "=") else _matching(tokens, i + 2)
            if equals is not None and after.string == "[":
                equals = equals + 1 if _is(_token(tokens, equals + 1), "=") else None
            if equals is not None:
                spans.append((tok.start, tokens[equals].end, f"{name.string} ="))
    for start, end, head in reversed(spans):
        _overwrite(lines, start, end, head)
    return "".join(lines)


def _overwrite(lines: list[str], start: tuple[int, int], end: tuple[int, int], head: str) -> None:
    """Write ``head`` at ``start`` and spaces up to ``end`` (token positions), keeping each line's
    UTF-8 width; each line of the span but the last ends with a backslash (R1)."""
    (first, first_col), (last, last_col) = start, end
    for row in range(first, last + 1):
        line = lines[row - 1]
        ending = _ending(line)
        body = line[:len(line) - len(ending)]
        a = first_col if row == first else 0
        b = last_col if row == last else len(body)
        width = len(body[a:b].encode("utf-8"))
        fill = head if row == first else ""
        if row < last:
            fill = fill + " " * max(0, width - len(fill) - 1) + "\\"
        else:
            fill = fill + " " * max(0, width - len(fill))
        lines[row - 1] = body[:a] + fill + body[b:] + ending


def _matching(tokens: list[tokenize.TokenInfo], i: int) -> int | None:
    """The index of the bracket closing the one at ``tokens[i]`` (None: not closed)."""
    depth = 0
    for j in range(i, len(tokens)):
        tok = tokens[j]
        if tok.type != tokenize.OP:
            continue
        if tok.string in _OPENERS:
            depth += 1
        elif tok.string in _CLOSERS:
            depth -= 1
            if depth == 0:
                return j
    return None


def _token(tokens: list[tokenize.TokenInfo], i: int) -> tokenize.TokenInfo | None:
    """The next significant token at or after ``i`` (comments and line breaks inside brackets skipped)."""
    while i < len(tokens) and tokens[i].type in (tokenize.NL, tokenize.COMMENT):
        i += 1
    return tokens[i] if i < len(tokens) else None


def _is(tok: tokenize.TokenInfo | None, op: str) -> bool:
    return tok is not None and tok.type == tokenize.OP and tok.string == op


# ---- text ------------------------------------------------------------------------------------------

def _lines(text: str) -> list[str]:
    """Physical lines as the parser counts them (``\\n``, ``\\r\\n`` or ``\\r``; not ``str.splitlines``,
    which also splits at form feeds and other characters Python treats as whitespace)."""
    return io.StringIO(text, newline="").readlines()


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def _tokens(lines: list[str]):
    """The tokens of ``lines`` up to the first the tokenizer cannot make."""
    try:
        yield from tokenize.generate_tokens(iter(lines).__next__)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return
