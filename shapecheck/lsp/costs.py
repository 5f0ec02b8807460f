"""The cost of a line, for hover: the function or method around the line is measured once per
document version (``api.measure`` with the shapes its body gives its parameters) and the line's
FLOPs and bytes are read off its cost report (docs/cost.md).

>>> enclosing_target("class A:\\n    def f(self, x):\\n        return x\\n", 3)
'A.f'
>>> enclosing_target("def g(x):\\n    return x\\n", 1) is None   # the def line itself: no ops
True
"""

from __future__ import annotations

import ast
from functools import lru_cache

from .. import api


def enclosing_target(text: str, line: int) -> str | None:
    """``f`` or ``Class.method`` whose body holds ``line`` (a top-level function or a method of a
    top-level class), or None."""
    tree = _parsed(text)
    if tree is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if _in_body(member, line):
                    return f"{node.name}.{member.name}"
        elif _in_body(node, line):
            return node.name
    return None


@lru_cache(maxsize=4)
def _parsed(text: str) -> ast.Module | None:
    """The text's tree, parsed once for all the hovers over one version of a document."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _in_body(node: ast.AST, line: int) -> bool:
    return (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and node.body[0].lineno <= line <= (node.end_lineno or node.lineno))


def line_cost_text(report: "api.CostReport", line: int) -> str | None:
    """``cost: 200960*n FLOPs, 4160*n + 401920 bytes read, 1536*n written (matmul, add, maximum)``."""
    found = next((entry for entry in report.lines if entry.line == line), None)
    if found is None:
        return None
    return (f"cost: {report.show(found.flops)} FLOPs, {report.show(found.bytes_read)} bytes read, "
            f"{report.show(found.bytes_written)} written ({', '.join(found.ops)})")
