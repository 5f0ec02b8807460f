"""Code actions: fill a hole with its solved value, assert an inferred shape, silence a diagnostic.

Each action is computed from the report of exactly the document version the editor shows, so its
edits land where they were meant to. Edits are plain text edits (a ``WorkspaceEdit`` of one file).

- *Fill hole*: a diagnostic that carries a ``Fix`` (SC302 with a unique solution) offers it, as the
  preferred quick fix.
- *Assert shape*: on an assignment whose target (a name or attribute) has a known shape, insert
  ``assert x.shape == (...)`` on the next line at the statement's indentation. A symbolic dim is
  kept only when every name in it is bound somewhere in the file; otherwise the assertion checks
  only the dims that are constants (``x.ndim == 2 and x.shape[1] == 784``), never a name that
  would fail at run time.
- *Ignore*: ``# shapecheck: ignore[CODE]`` at the end of the diagnostic's line (extending an existing
  ``ignore[...]`` list). Not offered for syntax errors, unused ignores, or a line that ends in ``\\``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Callable

from lsprotocol import types

from ..report.diagnostics import Diagnostic, FileReport, ShapeNote, Span
from .notes import span_text

_TARGET = re.compile(r"[^\W\d]\w*(\.[^\W\d]\w*)*")
_IGNORE = re.compile(r"#\s*shapecheck:\s*ignore(\[(?P<codes>[^\]]*)\])?")
_NOT_IGNORABLE = {"SC001", "SC004"}

ASSERT_KIND = types.CodeActionKind.RefactorRewrite


@dataclass(frozen=True)
class Document:
    """The text a code action edits, with the pieces the actions need."""

    uri: str
    version: int
    text: str
    lines: list[str]


def spans_overlap(span: Span, wanted: Span) -> bool:
    """Whether two spans share a position (touching ends count: a cursor at a span's end is in it)."""
    return ((span.line, span.column) <= (wanted.end_line, wanted.end_column)
            and (wanted.line, wanted.column) <= (span.end_line, span.end_column))


def _edit(doc: Document, to_range: Callable[[Span], types.Range], span: Span, text: str) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(changes={doc.uri: [types.TextEdit(range=to_range(span), new_text=text)]})


def shape_of(note_text: str) -> list[str] | None:
    """The dims of a note's shape text ``"(n, 784) float32"`` -> ``["n", "784"]``; None if unknown."""
    text = note_text.strip()
    if not text.startswith("("):
        return None
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            inner = text[1:index]
            break
    else:
        return None
    dims, depth, current = [], 0, ""
    for char in inner:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            dims.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        dims.append(current.strip())
    return dims if all(dims) else None


def _bound_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _free_names(expr: str) -> set[str] | None:
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError:
        return None
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def assertion_for(target: str, dims: list[str], bound: set[str]) -> str:
    """The assertion text for a target and its dims, using only names the file binds."""
    usable = []
    for dim in dims:
        names = _free_names(dim)
        usable.append(names is not None and names <= bound)
    if all(usable):
        inner = ", ".join(dims) + ("," if len(dims) == 1 else "")
        return f"assert {target}.shape == ({inner})"
    checks = [f"{target}.ndim == {len(dims)}"]
    checks += [f"{target}.shape[{i}] == {dim}" for i, dim in enumerate(dims) if _free_names(dim) == set()]
    return "assert " + " and ".join(checks)


def _statement_at(tree: ast.Module, line: int) -> ast.stmt | None:
    """The innermost simple assignment statement that spans ``line``."""
    best = None
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
                and node.lineno <= line <= (node.end_lineno or node.lineno)):
            if best is None or node.lineno >= best.lineno:
                best = node
    return best


def _assert_action(doc: Document, tree: ast.Module, note: ShapeNote,
                   to_range: Callable[[Span], types.Range]) -> types.CodeAction | None:
    target = span_text(doc.lines, note.span)
    dims = shape_of(note.text)
    if dims is None or not _TARGET.fullmatch(target):
        return None
    stmt = _statement_at(tree, note.span.line)
    if stmt is None or stmt.end_lineno is None:
        return None
    first = doc.lines[stmt.lineno - 1]
    indent = first[:len(first) - len(first.lstrip())]
    # The statement must open its line (not `if c: x = ...`, whose body shares the `if`'s line).
    if len(first.encode("utf-8")) - len(first.lstrip().encode("utf-8")) != stmt.col_offset:
        return None
    text = indent + assertion_for(target, dims, _bound_names(tree))
    end = stmt.end_lineno
    if end < len(doc.lines):
        where, insert = Span(end + 1, 1, end + 1, 1), text + "\n"
    else:  # the last line, with no line break after it
        column = len(doc.lines[end - 1]) + 1
        where, insert = Span(end, column, end, column), "\n" + text
    return types.CodeAction(title=f"Assert the inferred shape of {target}: {note.text}",
                            kind=ASSERT_KIND, edit=_edit(doc, to_range, where, insert))


def _ignore_edit(doc: Document, diag: Diagnostic) -> tuple[Span, str] | None:
    if diag.code in _NOT_IGNORABLE or not 1 <= diag.span.line <= len(doc.lines):
        return None
    line = doc.lines[diag.span.line - 1]
    if line.rstrip().endswith("\\"):
        return None
    existing = _IGNORE.search(line)
    if existing is not None:
        codes = existing.group("codes")
        if codes is None or diag.code in re.split(r"[\s,]+", codes):
            return None  # a bare ignore (or this code) is already there
        column = existing.end("codes") + 1
        separator = ", " if codes.strip() else ""
        return Span(diag.span.line, column, diag.span.line, column), f"{separator}{diag.code}"
    content = line.rstrip()
    return (Span(diag.span.line, len(content) + 1, diag.span.line, len(line) + 1),
            f"  # shapecheck: ignore[{diag.code}]")


def code_actions(doc: Document, report: FileReport, wanted: Span, only: list[str] | None,
                 to_range: Callable[[Span], types.Range],
                 to_lsp: Callable[[Diagnostic], types.Diagnostic]) -> list[types.CodeAction]:
    """Every action that applies to the ``wanted`` span of ``doc``."""

    def allowed(kind: str) -> bool:
        return not only or any(kind == o or kind.startswith(o + ".") for o in only)

    actions: list[types.CodeAction] = []
    near = [d for d in report.diagnostics if spans_overlap(d.span, wanted)]
    if allowed(types.CodeActionKind.QuickFix):
        for diag in near:
            if diag.fix is not None:
                actions.append(types.CodeAction(
                    title=diag.fix.title, kind=types.CodeActionKind.QuickFix, is_preferred=True,
                    diagnostics=[to_lsp(diag)], edit=_edit(doc, to_range, diag.fix.span, diag.fix.replacement)))
        for diag in near:
            edit = _ignore_edit(doc, diag)
            if edit is not None:
                actions.append(types.CodeAction(
                    title=f"Ignore {diag.code} on this line", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[to_lsp(diag)], edit=_edit(doc, to_range, *edit)))
    if allowed(ASSERT_KIND):
        assigns = [n for n in report.notes if n.kind == "assign" and spans_overlap(n.span, wanted)]
        if assigns:
            try:
                tree = ast.parse(doc.text)
            except (SyntaxError, ValueError):
                tree = None
            for note in assigns if tree is not None else ():
                action = _assert_action(doc, tree, note, to_range)
                if action is not None:
                    actions.append(action)
    return actions
