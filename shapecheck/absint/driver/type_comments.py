"""PEP 484 signature type comments, read as the annotations they stand for.

Code written before annotations, or for TorchScript, types a function in a comment: torchvision's
detection models ``def keypoints_to_heatmap(keypoints, rois, heatmap_size):`` with ``# type:
(Tensor, Tensor, int) -> tuple[Tensor, Tensor]`` on the next line. mypy and pyright read it as the
annotations; so does the analysis, which without it took ``heatmap_size`` for a value of any kind
(``heatmap_size / (rois[:, 2] - rois[:, 0])`` was of unknown rank, and every shape after it).

The comment is found on the ``def`` line or on the lines before the first statement of the body,
parsed in ``func_type`` mode, and its types put on the parameters (a method's comment leaves out
``self``) and the return, where the function has no annotations of its own. Their positions are
the comment's, so a finding about one points at it. Module-level functions and methods only: a
nested function's body may be parsed on first use (lazy_bodies.py).
"""

from __future__ import annotations

import ast
import re

_COMMENT = re.compile(r"#\s*type:\s*(\(.*\)\s*->\s*[^#]*?)\s*(?:#.*)?$")
_LINES = re.compile(r"\r\n|\r|\n")


def apply_type_comments(tree: ast.Module, text: str) -> None:
    """Annotate ``tree``'s functions from their signature type comments in ``text`` (in place)."""
    if "type:" not in text:
        return
    lines = None
    for node in _functions(tree.body):
        if node.returns is not None or any(p.annotation is not None for p in _parameters(node)):
            continue
        if lines is None:
            lines = _LINES.split(text)
        found = _comment(node, lines)
        if found is not None:
            _annotate(node, *found)


def _functions(body: list):
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield stmt
        elif isinstance(stmt, ast.ClassDef):
            yield from _functions(stmt.body)


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    a = node.args
    return a.posonlyargs + a.args + a.kwonlyargs + [p for p in (a.vararg, a.kwarg) if p is not None]


def _comment(node, lines: list[str]) -> tuple[ast.FunctionType, int, int] | None:
    """The parsed comment, its line (0-based) and the column its signature starts at."""
    stop = node.body[0].lineno - 1 if node.body else node.lineno
    for index in range(node.lineno - 1, min(stop, len(lines))):
        line = lines[index]
        if "type:" not in line:
            continue
        m = _COMMENT.search(line)
        if m is None:
            continue
        try:
            parsed = ast.parse(m.group(1), mode="func_type")
        except (SyntaxError, ValueError):
            return None
        return parsed, index, m.start(1)
    return None


def _annotate(node, signature: ast.FunctionType, line: int, column: int) -> None:
    for part in signature.argtypes + [signature.returns]:
        for n in ast.walk(part):
            if hasattr(n, "lineno"):
                n.lineno, n.end_lineno = line + 1, line + 1
                n.col_offset += column
                n.end_col_offset += column
    node.returns = signature.returns
    a = node.args
    if a.vararg is not None or a.kwarg is not None or a.kwonlyargs:
        return   # (``*args: int`` is written ``*int``: read the return alone)
    types = signature.argtypes
    if len(types) == 1 and isinstance(types[0], ast.Constant) and types[0].value is Ellipsis:
        return   # ``(...) -> int``: the parameters untyped
    params = a.posonlyargs + a.args
    if len(types) == len(params) - 1 and params and params[0].arg in ("self", "cls"):
        params = params[1:]
    if len(types) != len(params):
        return
    for p, t in zip(params, types):
        p.annotation = t
