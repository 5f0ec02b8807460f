"""Each function's data flow as a graph with shapes on its edges, drawn as SVG.

The graph is read from the source (never run): a node per parameter, per name a statement
assigns, and ``return``; an edge from each name an assignment (or ``return``) reads to what it
assigns, labelled with the shape of the value that flows (the shape the analysis inferred where
the read name was last assigned, or at the read itself). Graphviz ``dot`` draws it when it is
installed; otherwise :func:`layered_svg` does, in pure Python: nodes in layers by their longest
path from a parameter, edges as straight lines with their labels at the middle.

>>> import ast
>>> [graph] = function_graphs(ast.parse("def f(x, w):\\n    y = x @ w\\n    return y\\n"), {})
>>> graph.name, sorted(graph.edges)
('f', [('w', 'y', ''), ('x', 'y', ''), ('y', 'return', '')])
"""

from __future__ import annotations

import ast
import html
import shutil
import subprocess
from dataclasses import dataclass
from typing import Mapping

RETURN = "return"
DOT_SECONDS = 20


@dataclass(frozen=True)
class FlowGraph:
    """One function: its qualified name, first line, nodes (in order) and labelled edges."""

    name: str
    line: int
    nodes: tuple[str, ...]
    edges: frozenset[tuple[str, str, str]]   # (from, to, shape label)


def function_graphs(tree: ast.Module, shape_at: Mapping[tuple[int, int], str]) -> list[FlowGraph]:
    """The graph of every function in ``tree``; ``shape_at[(line, column)]`` is the shape text
    inferred for the name that starts there (1-based)."""
    graphs = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                graphs.append(_graph(f"{prefix}{node.name}", node, shape_at))
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return graphs


def _graph(name: str, fn: ast.FunctionDef | ast.AsyncFunctionDef, shape_at: Mapping[tuple[int, int], str]) -> FlowGraph:
    params = [a for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs if a.arg not in ("self", "cls")]
    nodes = [a.arg for a in params]
    # name -> the shape of its latest value (a parameter's, from its hover note on the signature)
    last_shape = {a.arg: shape_at.get((a.lineno, a.col_offset + 1), "") for a in params}
    edges: set[tuple[str, str, str]] = set()
    for stmt in _statements(fn.body):
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            written = [t for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)]
            sinks = [(t.id, shape_at.get((t.lineno, t.col_offset + 1), "")) for t in written]
        elif isinstance(stmt, ast.Return) and stmt.value is not None:
            sinks = [(RETURN, "")]
        else:
            continue
        reads = [n for n in ast.walk(stmt.value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
        for read in reads:
            if read.id not in last_shape:
                continue   # a global or a builtin: not part of this function's flow
            label = shape_at.get((read.lineno, read.col_offset + 1)) or last_shape[read.id]
            for sink, _ in sinks:
                edges.add((read.id, sink, label))
        for sink, shape in sinks:
            if sink not in nodes:
                nodes.append(sink)
            if sink != RETURN:
                last_shape[sink] = shape
    return FlowGraph(name, fn.lineno, tuple(nodes), frozenset(edges))


def _statements(body: list[ast.stmt]):
    """The statements of a function body, nested blocks included, not nested functions."""
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield stmt
        for field in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(stmt, field, []) or [])
        for handler in getattr(stmt, "handlers", []) or []:
            yield from _statements(handler.body)


def to_dot(graph: FlowGraph) -> str:
    """Graphviz source for the graph."""
    lines = [f'digraph "{_dot_escape(graph.name)}" {{', "  rankdir=LR;",
             '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", fontname="monospace", fontsize=11];',
             '  edge [fontname="monospace", fontsize=10, color="#5b6b86"];']
    for node in graph.nodes:
        lines.append(f'  "{_dot_escape(node)}";')
    for source, target, label in sorted(graph.edges):
        lines.append(f'  "{_dot_escape(source)}" -> "{_dot_escape(target)}" [label="{_dot_escape(label)}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def render_svg(graph: FlowGraph, dot: str | None = None) -> tuple[str, str]:
    """The graph as an SVG document, and what drew it (``"dot"`` or ``"python"``). ``dot`` is the
    Graphviz executable (default: found on PATH); without one, or when it fails, Python draws it."""
    dot = dot if dot is not None else shutil.which("dot")
    if dot:
        try:
            done = subprocess.run([dot, "-Tsvg"], input=to_dot(graph), capture_output=True, text=True,
                                  timeout=DOT_SECONDS)
            if done.returncode == 0 and "<svg" in done.stdout:
                return done.stdout[done.stdout.index("<svg"):], "dot"
        except (OSError, subprocess.TimeoutExpired):
            pass
    return layered_svg(graph), "python"


def layered_svg(graph: FlowGraph) -> str:
    """A left-to-right layered drawing: each node's layer is its longest path from a source."""
    layer = {node: 0 for node in graph.nodes}
    for _ in graph.nodes:   # longest paths by relaxation (a cycle stops after len(nodes) rounds)
        for source, target, _ in graph.edges:
            if source != target and layer[target] < layer[source] + 1 <= len(graph.nodes):
                layer[target] = layer[source] + 1
    columns: dict[int, list[str]] = {}
    for node in graph.nodes:
        columns.setdefault(layer[node], []).append(node)
    box_w, box_h, gap_x, gap_y, margin = 120, 28, 110, 26, 20
    where = {node: (margin + column * (box_w + gap_x), margin + row * (box_h + gap_y))
             for column, names in columns.items() for row, node in enumerate(names)}
    width = margin * 2 + (max(columns, default=0) + 1) * (box_w + gap_x) - gap_x
    height = margin * 2 + max((len(names) for names in columns.values()), default=1) * (box_h + gap_y) - gap_y
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="11">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#5b6b86"/></marker></defs>']
    for source, target, label in sorted(graph.edges):
        (x1, y1), (x2, y2) = where[source], where[target]
        x1, y1, x2, y2 = x1 + box_w, y1 + box_h / 2, x2, y2 + box_h / 2
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5b6b86" marker-end="url(#arrow)"/>')
        if label:
            parts.append(f'<text x="{(x1 + x2) / 2}" y="{(y1 + y2) / 2 - 4}" text-anchor="middle" '
                         f'fill="#1d4ed8">{html.escape(label)}</text>')
    for node, (x, y) in where.items():
        parts.append(f'<g class="node"><rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="6" '
                     f'fill="#eef3fb" stroke="#5b6b86"/><text x="{x + box_w / 2}" y="{y + box_h / 2 + 4}" '
                     f'text-anchor="middle">{html.escape(node)}</text></g>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
