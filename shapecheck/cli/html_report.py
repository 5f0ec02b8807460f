"""The HTML shape report: pure functions from analysed files to the pages of a static site.

Per file, a page with its source, where every inferred shape is on the expression it belongs to
(hover it; an assignment's shape is also in the right margin), the array expressions whose shape
stayed unknown highlighted, errors and shape holes marked on their line with the message, the
file's coverage, and per function an SVG of its data flow with shapes on the edges
(``dataflow.py``). An index page lists every file with its coverage and findings, and the total.

The pages are self-contained (inline CSS and a few lines of script, no network), so the folder
can be opened from disk or published as it is.
"""

from __future__ import annotations

import ast
import html
from dataclasses import dataclass, field
from typing import Sequence

from ..report.diagnostics import Diagnostic, FileReport, ShapeNote
from ..report.notebook import Notebook
from .dataflow import function_graphs, render_svg
from .output import Coverage, coverage_by_file

HOLE_CODES = frozenset({"SC302", "SC203"})

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2933; background: #fafbfc; }
header { padding: 12px 20px; background: #1f2a44; color: #fff; }
header a { color: #cfe0ff; }
main { padding: 12px 20px; }
table.files { border-collapse: collapse; }
table.files td, table.files th { padding: 4px 12px; border-bottom: 1px solid #dde3ea; text-align: right; }
table.files td:first-child, table.files th:first-child { text-align: left; }
.bar { display: inline-block; width: 80px; height: 8px; background: #f3d2d2; vertical-align: middle; }
.bar > span { display: block; height: 8px; background: #3c9d5d; }
.source { font: 13px/1.5 ui-monospace, monospace; border-collapse: collapse; background: #fff; width: 100%; }
.source td { padding: 0 8px; vertical-align: top; white-space: pre; }
.source td.n { color: #8a94a6; text-align: right; user-select: none; width: 1%; }
.source td.m { color: #1d4ed8; width: 30%; white-space: pre-wrap; border-left: 1px solid #e4e7eb; }
.source tr.error { background: #fdecec; }
.source tr.error td.m { color: #b42318; }
.source tr.hole { background: #eef6ff; }
.source tr.cell th { text-align: left; font: 600 12px system-ui, sans-serif; color: #52606d;
  background: #eef1f5; padding: 6px 8px 2px; border-top: 2px solid #c9d2dd; }
.shape { border-bottom: 1px dotted #1d4ed8; position: relative; }
.shape:hover { background: #e0ebff; }
.shape:hover::after { content: attr(data-shape); position: absolute; left: 0; top: 1.5em; z-index: 2;
  background: #1f2a44; color: #fff; padding: 1px 6px; border-radius: 4px; white-space: pre; }
.unknown { background: #fff3c4; }
.legend span { margin-right: 14px; }
.flow { margin: 16px 0; padding: 8px; background: #fff; border: 1px solid #e4e7eb; overflow-x: auto; }
"""

# Marks the page as rendered and counts what it shows (the browser test reads these).
SCRIPT = """
document.addEventListener("DOMContentLoaded", function () {
  var shapes = document.querySelectorAll(".shape");
  document.body.setAttribute("data-shapes", String(shapes.length));
  document.body.setAttribute("data-ready", "yes");
});
"""


@dataclass(frozen=True)
class FilePage:
    """One file of the report: where its page is, and what the index says of it."""

    path: str
    page: str
    coverage: Coverage
    errors: int
    holes: int


@dataclass
class Site:
    """The report's pages (relative path -> HTML text) and the files in it."""

    pages: dict[str, str] = field(default_factory=dict)
    files: list[FilePage] = field(default_factory=list)
    drawn_with: set[str] = field(default_factory=set)   # "dot" and/or "python"


def build_site(reports: Sequence[FileReport], sources: dict[str, str], dot: str | None = None) -> Site:
    """The pages for the analysed files; ``sources[path]`` is the text each report is about."""
    site = Site()
    coverage = coverage_by_file(reports)
    for number, report in enumerate(reports, start=1):
        page = f"files/{number}.html"
        text = sources.get(report.path, "")
        errors = sum(d.severity == "error" for d in report.diagnostics)
        holes = sum(d.code in HOLE_CODES for d in report.diagnostics)
        cov = coverage.get(report.path, Coverage())
        site.files.append(FilePage(report.path, page, cov, errors, holes))
        site.pages[page] = file_page(report, text, cov, site, dot)
    site.pages["index.html"] = index_page(site.files)
    return site


def index_page(files: Sequence[FilePage]) -> str:
    total = sum((f.coverage for f in files), Coverage())
    rows = "".join(
        f'<tr><td><a href="{f.page}">{html.escape(f.path)}</a></td><td>{f.coverage.arrays}</td>'
        f"<td>{_bar(f.coverage, f.coverage.rank_known)} {f.coverage.share(f.coverage.rank_known)}</td>"
        f"<td>{_bar(f.coverage, f.coverage.shape_known)} {f.coverage.share(f.coverage.shape_known)}</td>"
        f"<td>{f.errors}</td><td>{f.holes}</td></tr>" for f in files)
    rows += (f'<tr class="total"><th>total</th><th>{total.arrays}</th><th>{total.share(total.rank_known)}</th>'
             f"<th>{total.share(total.shape_known)}</th><th>{sum(f.errors for f in files)}</th>"
             f"<th>{sum(f.holes for f in files)}</th></tr>")
    body = ("<p>Shape coverage: the array-valued expressions of each file with a known rank and with a "
            "fully known shape (as <code>shapecheck check --statistics</code> counts them).</p>"
            '<table class="files"><tr><th>file</th><th>arrays</th><th>known rank</th><th>fully known</th>'
            f"<th>errors</th><th>holes</th></tr>{rows}</table>")
    return _document("shapecheck shape report", "shapecheck shape report", body)


@dataclass(frozen=True)
class SourceLine:
    """A row of a page: the module line it is (the analysis's coordinates, and the row's anchor),
    the number and text a reader sees, and the cell it opens, if any (a notebook's ``cell 3``)."""

    line: int
    number: int
    text: str
    analysed: bool = True     # False: a magic or shell line shown as written (blanked for analysis)
    opens_cell: int | None = None


def source_lines(text: str, notebook: Notebook | None) -> list[SourceLine]:
    """A module's lines as its page shows them. A notebook's are split per cell, numbered within
    their cell as ``check`` locates them (``nb.ipynb:cell 3:4:5``), each cell's lines as written
    (a ``%time`` line shows as such, not as the ``pass`` the analyser read)."""
    lines = text.splitlines()
    if notebook is None or not notebook.cells:
        return [SourceLine(n, n, line) for n, line in enumerate(lines, start=1)]
    out = []
    for cell in notebook.cells:
        written = cell.source.splitlines() or [""]
        for i in range(cell.line_count):
            module_line = cell.first_line + i
            analysed = lines[module_line - 1] if module_line <= len(lines) else ""
            shown = written[i] if i < len(written) else ""
            out.append(SourceLine(module_line, i + 1, shown, analysed == shown,
                                  cell.number if i == 0 else None))
    return out


def file_page(report: FileReport, text: str, coverage: Coverage, site: Site, dot: str | None) -> str:
    lines = text.splitlines()
    notes = _notes_by_line(report.notes)
    unknown = _unknown_by_line(report)
    findings = _findings_by_line(report.diagnostics)
    margin = _margin(report.notes, lines)
    notebook = report.notebook if isinstance(report.notebook, Notebook) else None
    rows = []
    for row in source_lines(text, notebook):
        number = row.line
        if row.opens_cell is not None:
            rows.append(f'<tr id="cell-{row.opens_cell}" class="cell"><td class="n"></td>'
                        f'<th colspan="2">cell {row.opens_cell}</th></tr>')
        found = findings.get(number, [])
        kind = "error" if any(d.severity == "error" for d in found) else "hole" if any(
            d.code in HOLE_CODES for d in found) else ""
        side = [html.escape(f"{d.severity}[{d.code}] {d.message}") for d in found] + \
            [html.escape(m) for m in margin.get(number, [])]
        shown = (_line_html(row.text, notes.get(number, []), unknown.get(number, [])) if row.analysed
                 else html.escape(row.text))
        rows.append(f'<tr id="L{number}" class="{kind}"><td class="n">{row.number}</td>'
                    f'<td>{shown}</td><td class="m">{"<br>".join(side)}</td></tr>')
    summary = (f"<p>{coverage.arrays} array expressions: {coverage.share(coverage.rank_known)} with a known rank, "
               f"{coverage.share(coverage.shape_known)} fully known. "
               f'<span class="legend"><span class="shape" data-shape="(n, 784)">inferred shape (hover)</span>'
               f'<span class="unknown">shape not known</span></span></p>')
    flows = _flows(report, text, site, dot)
    body = (f'<p><a href="../index.html">all files</a></p>{summary}'
            f'<table class="source">{"".join(rows)}</table>{flows}')
    return _document(f"{report.path} — shapecheck", html.escape(report.path), body)


def _flows(report: FileReport, text: str, site: Site, dot: str | None) -> str:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return ""
    shape_at = {(n.span.line, n.span.column): n.text for n in report.notes if n.kind != "def"}
    parts = []
    for graph in function_graphs(tree, shape_at):
        if not graph.edges:
            continue
        svg, drawn = render_svg(graph, dot)
        site.drawn_with.add(drawn)
        parts.append(f'<section class="flow" id="flow-{html.escape(graph.name)}"><h3>'
                     f'<a href="#L{graph.line}">{html.escape(graph.name)}</a>: data flow</h3>{svg}</section>')
    return "<h2>Data flow per function</h2>" + "".join(parts) if parts else ""


def _notes_by_line(notes: Sequence[ShapeNote]) -> dict[int, list[tuple[int, int, str]]]:
    """Single-line shape notes of expressions and assignment targets, by line: (start, end, text),
    one per span (an expression analysed more than once shows each distinct shape)."""
    by_span: dict[tuple[int, int, int], list[str]] = {}
    for note in notes:
        if note.kind == "def" or note.span.line != note.span.end_line:
            continue
        texts = by_span.setdefault((note.span.line, note.span.column, note.span.end_column), [])
        if note.text not in texts:
            texts.append(note.text)
    out: dict[int, list[tuple[int, int, str]]] = {}
    for (line, start, end), texts in by_span.items():
        out.setdefault(line, []).append((start, end, " | ".join(texts)))
    return out


def _unknown_by_line(report: FileReport) -> dict[int, list[tuple[int, int]]]:
    """The array expressions whose shape is not fully known, by line (1-based columns)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for (line, column, end_line, end_column), (_, full) in report.array_expressions.items():
        if not full and line == end_line:
            out.setdefault(line, []).append((column + 1, end_column + 1))
    return out


def _findings_by_line(diags: Sequence[Diagnostic]) -> dict[int, list[Diagnostic]]:
    out: dict[int, list[Diagnostic]] = {}
    for d in diags:
        out.setdefault(d.span.line, []).append(d)
    return out


def _margin(notes: Sequence[ShapeNote], lines: Sequence[str]) -> dict[int, list[str]]:
    """An assignment's shapes in the margin of its line, one line of text: ``x: (8, 784) float64``."""
    entries: dict[int, list[str]] = {}
    for note in notes:
        span = note.span
        if note.kind != "assign" or not 1 <= span.line <= len(lines) or span.end_line != span.line:
            continue
        entry = f"{lines[span.line - 1][span.column - 1:span.end_column - 1]}: {note.text}"
        if entry not in entries.get(span.line, []):
            entries.setdefault(span.line, []).append(entry)
    return {line: ["; ".join(texts)] for line, texts in entries.items()}


def _line_html(line: str, notes: list[tuple[int, int, str]], unknown: list[tuple[int, int]]) -> str:
    """The line with each shaped span and unknown span wrapped, properly nested (an inner span that
    crosses an outer one's end is left out: notes come from the syntax tree and rarely do)."""
    spans = [(start, end, f'<span class="shape" data-shape="{html.escape(text, quote=True)}" '
                          f'title="{html.escape(text, quote=True)}">')
             for start, end, text in notes]
    spans += [(start, end, '<span class="unknown" title="shape not known">') for start, end in unknown]
    spans.sort(key=lambda s: (s[0], -s[1]))
    kept, stack = [], []
    for start, end, tag in spans:
        while stack and stack[-1] <= start:
            stack.pop()
        if stack and end > stack[-1] or end <= start:
            continue
        kept.append((start, end, tag))
        stack.append(end)
    opens: dict[int, list[str]] = {}
    closes: dict[int, int] = {}
    for start, end, tag in kept:
        opens.setdefault(start, []).append(tag)
        closes[end] = closes.get(end, 0) + 1
    out = []
    for column in range(1, len(line) + 2):
        out.append("</span>" * closes.get(column, 0))
        out.extend(opens.get(column, []))
        if column <= len(line):
            out.append(html.escape(line[column - 1]))
    return "".join(out)


def _bar(coverage: Coverage, count: int) -> str:
    width = 0 if not coverage.arrays else round(100 * count / coverage.arrays)
    return f'<span class="bar"><span style="width:{width}%"></span></span>'


def _document(title: str, heading: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{STYLE}</style><script>{SCRIPT}</script></head>"
            f"<body><header><h1>{heading}</h1></header><main>{body}</main></body></html>\n")
