"""Renderers: pure functions from diagnostics to the text each ``--output-format`` prints.

Human formats (``concise``, ``full``) may be coloured; machine formats (``json``, ``sarif``,
``github``) never are, and no format wraps lines. Each renderer returns the complete text,
ending in a newline when it is not empty.

>>> from shapecheck.report.diagnostics import Diagnostic, Span
>>> d = Diagnostic("a.py", Span(3, 5, 3, 10), "SC102", "error", "matmul: 784 != 100")
>>> print(render_concise([d]), end="")
a.py:3:5: error[SC102] matmul: 784 != 100
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence
from urllib.parse import quote

from ..api import LIBRARY_ALLOWANCE
from ..report.codes import CODES, explain
from ..report.diagnostics import Diagnostic, FileReport, Related, Span

# A file's lines; for a notebook, called with the cell number too: that cell's lines.
SourceLines = Callable[..., "Sequence[str] | None"]

FORMATS = ("concise", "full", "json", "sarif", "github")
MACHINE_FORMATS = frozenset({"json", "sarif", "github"})

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}

# ANSI SGR codes; used only when the caller asked for colour (a terminal, no NO_COLOR).
_STYLE = {"error": "1;31", "warning": "1;33", "info": "1;36", "bold": "1", "dim": "2", "caret": "1;31"}


def paint(text: str, style: str, color: bool) -> str:
    """``text`` wrapped in the ANSI style named ``style`` when ``color`` is true."""
    return f"\x1b[{_STYLE[style]}m{text}\x1b[0m" if color else text


def render_concise(diags: Iterable[Diagnostic], color: bool = False) -> str:
    """One line per diagnostic: ``path:line:col: severity[CODE] message``."""
    return "".join(_concise_line(d, color) + "\n" for d in diags)


def render_full(diags: Iterable[Diagnostic], source_lines: SourceLines, color: bool = False) -> str:
    """Each diagnostic with its source line, a caret under the span, and its related locations.

    ``source_lines(path)`` returns the file's lines, or None when they are not available.
    """
    return "".join(_full_block(d, source_lines, color) + "\n" for d in diags)


def render_json(diags: Iterable[Diagnostic]) -> str:
    """A JSON list of ``Diagnostic.to_json()`` objects."""
    return json.dumps([d.to_json() for d in diags], indent=2) + "\n"


def render_sarif(diags: Iterable[Diagnostic], tool_version: str, root: str | None = None) -> str:
    """A SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF viewers.

    Relative paths become URIs relative to ``%SRCROOT%``; ``root`` (an absolute directory,
    usually the working directory) is recorded as that base when given.
    Columns count Unicode code points (``columnKind``), as shapecheck's spans do.
    """
    rule_ids = list(CODES)
    rules = [_sarif_rule(code) for code in rule_ids]
    results = [_sarif_result(d, rule_ids) for d in diags]
    run: dict = {
        "tool": {"driver": {"name": "shapecheck", "version": tool_version,
                            "informationUri": "https://pypi.org/project/shapecheck-static/",
                            "rules": rules}},
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if root is not None:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": _directory_uri(root)}}
    log = {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}
    return json.dumps(log, indent=2) + "\n"


def render_github(diags: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands (``::error file=...,line=...::message``), one per line."""
    lines = []
    for d in diags:
        span = d.span
        props = [("file", d.path), ("line", span.line), ("endLine", span.end_line),
                 ("col", span.column), ("endColumn", _inclusive_end_column(span)),
                 ("title", f"shapecheck {d.code} ({_code_name(d.code)})")]
        prop_text = ",".join(f"{k}={_github_escape_property(str(v))}" for k, v in props)
        command = _GITHUB_COMMAND.get(d.severity, "warning")
        cell = "" if span.cell is None else f"cell {span.cell}, line {span.line}: "
        lines.append(f"::{command} {prop_text}::{_github_escape_data(f'{cell}{d.code} {d.message}')}\n")
    return "".join(lines)


def render(fmt: str, diags: Sequence[Diagnostic], *, source_lines: SourceLines, color: bool,
           tool_version: str, root: str | None = None) -> str:
    """Dispatch on the ``--output-format`` name."""
    if fmt == "concise":
        return render_concise(diags, color)
    if fmt == "full":
        return render_full(diags, source_lines, color)
    if fmt == "json":
        return render_json(diags)
    if fmt == "sarif":
        return render_sarif(diags, tool_version, root)
    if fmt == "github":
        return render_github(diags)
    raise ValueError(f"unknown output format {fmt!r}")


def render_summary(diags: Sequence[Diagnostic], files_checked: int, *, baselined: int = 0,
                   color: bool = False) -> str:
    """The closing line of the human formats: what was found in how many files."""
    counts = Counter(d.severity for d in diags)
    files = f"{files_checked} file{'s' if files_checked != 1 else ''}"
    parts = [f"{counts[s]} {s if s != 'info' else 'note'}{'s' if counts[s] != 1 else ''}"
             for s in ("error", "warning", "info") if counts[s]]
    if not parts:
        text = f"No shape errors found in {files}."
    else:
        with_files = len({d.path for d in diags})
        text = f"Found {_join(parts)} in {with_files} of {files}."
    if baselined:
        text += f" ({baselined} known finding{'s' if baselined != 1 else ''} hidden by the baseline.)"
    return paint(text, "bold", color) + "\n"


@dataclass(frozen=True)
class Coverage:
    """How many array-valued expressions of some code got a known rank, and a fully known shape."""

    arrays: int = 0
    rank_known: int = 0
    shape_known: int = 0

    def __add__(self, other: "Coverage") -> "Coverage":
        return Coverage(self.arrays + other.arrays, self.rank_known + other.rank_known,
                        self.shape_known + other.shape_known)

    def share(self, count: int) -> str:
        return f"{100.0 * count / self.arrays:.1f}%" if self.arrays else "-"


def coverage_by_file(reports: Iterable[FileReport]) -> dict[str, Coverage]:
    """Each file's coverage, an expression counted once over the whole run: it has a known rank (a
    fully known shape) only if every analysis that reached it, in any report, had one."""
    merged: dict[str, dict[tuple, tuple[bool, bool]]] = {}
    for report in reports:
        seen = merged.setdefault(report.path, {})
        for where, (rank, shape) in report.array_expressions.items():
            before = seen.get(where, (True, True))
            seen[where] = (before[0] and rank, before[1] and shape)
    return {path: Coverage(len(seen), sum(rank for rank, _ in seen.values()),
                           sum(shape for _, shape in seen.values()))
            for path, seen in merged.items()}


def render_statistics(reports: Iterable[FileReport], top: int = 10) -> str:
    """Shape coverage per file and in total (array-valued expressions of the source, each counted
    once), and the array-library calls without a shape rule at the most call sites."""
    reports = list(reports)
    per_file = {path: c for path, c in coverage_by_file(reports).items() if c.arrays}
    total = sum(per_file.values(), Coverage())
    calls: Counter[str] = Counter()
    for report in reports:
        calls.update(report.unknown_calls)
    if total.arrays:
        rows = [(path, c) for path, c in sorted(per_file.items())] + [("total", total)]
        width = max(len(path) for path, _ in rows)
        lines = ["Shape coverage (array-valued expressions, each counted once):",
                 f"  {'file':<{width}}  {'arrays':>6}  {'known rank':>10}  {'fully known':>11}"]
        lines += [f"  {path:<{width}}  {c.arrays:>6}  {c.share(c.rank_known):>10}  {c.share(c.shape_known):>11}"
                  for path, c in rows]
    else:
        lines = ["Shape coverage: no array-valued expressions seen."]
    if calls:
        lines.append("Array calls without a shape rule (call sites):")
        ranked = sorted(calls.items(), key=lambda item: (-item[1], item[0]))[:top]
        width = len(str(ranked[0][1]))
        lines += [f"  {count:>{width}}  {name}" for name, count in ranked]
    else:
        lines.append("No array calls without a shape rule.")
    analysed = sum(r.calls_analysed for r in reports)
    summarised = sum(r.calls_summarised for r in reports)
    unfollowed = sum(r.calls_unfollowed for r in reports)
    if analysed or summarised:
        lines.append(f"Calls of project functions: {analysed:,} analysed, {summarised:,} answered by a summary.")
    if unfollowed:
        files = sum(1 for r in reports if r.calls_unfollowed)
        lines.append(f"Calls into other modules not followed: {unfollowed:,} in {files:,} file{'s' * (files != 1)} "
                     f"(each file's allowance of {LIBRARY_ALLOWANCE:,} body runs there spent; "
                     "SHAPECHECK_LIBRARY_ALLOWANCE sets it).")
    return "\n".join(lines) + "\n"


# ---- concise and full -------------------------------------------------------------------------

def location(path: str, span: Span) -> str:
    """``path:line:col``, or ``nb.ipynb:cell 3:4:5`` in a notebook.

    >>> location("nb.ipynb", Span(4, 5, 4, 9, cell=3))
    'nb.ipynb:cell 3:4:5'
    """
    cell = "" if span.cell is None else f"cell {span.cell}:"
    return f"{path}:{cell}{span.line}:{span.column}"


def lines_for(source_lines: SourceLines, path: str, span: Span) -> Sequence[str] | None:
    """The lines ``span`` counts in: the file's, or its notebook cell's."""
    return source_lines(path) if span.cell is None else source_lines(path, span.cell)


def _concise_line(d: Diagnostic, color: bool) -> str:
    where = paint(location(d.path, d.span) + ":", "bold", color)
    return f"{where} {paint(f'{d.severity}[{d.code}]', d.severity, color)} {d.message}"


def _full_block(d: Diagnostic, source_lines: SourceLines, color: bool) -> str:
    header = f"{paint(f'{d.severity}[{d.code}]', d.severity, color)}: {paint(d.message, 'bold', color)}"
    snippets = [(d.path, d.span, "")] + [(r.path, r.span, r.message) for r in d.related]
    width = max(len(str(span.line)) for _, span, _ in snippets)
    out = [header]
    for index, (path, span, label) in enumerate(snippets):
        arrow = "-->" if index == 0 else ":::"
        out.append(f"{' ' * width}{paint(arrow, 'dim', color)} {location(path, span)}")
        out += _snippet(lines_for(source_lines, path, span), span, label, width, color)
    if d.hole is not None:
        out.append(f"{' ' * width} = solution: {d.hole}")
    if d.fix is not None:
        replacement = f"`{d.fix.replacement}`" if d.fix.replacement else "nothing"
        out.append(f"{' ' * width} = help: {d.fix.title} (replace with {replacement})")
    return "\n".join(out) + "\n"


def _snippet(lines: Sequence[str] | None, span: Span, label: str, width: int, color: bool) -> list[str]:
    gutter = paint(f"{' ' * width} |", "dim", color)
    if lines is None or not 1 <= span.line <= len(lines):
        return [f"{gutter} {label}"] if label else []
    text = lines[span.line - 1].rstrip("\r\n")
    start = min(max(span.column - 1, 0), len(text))
    end = span.end_column - 1 if span.end_line == span.line else len(text)
    end = max(end, start + 1)
    # Keep tabs in the padding so the caret lines up under a tab-indented line.
    pad = "".join("\t" if ch == "\t" else " " for ch in text[:start])
    carets = paint("^" * (end - start), "caret", color)
    number = paint(f"{span.line:>{width}} |", "dim", color)
    return [gutter, f"{number} {text}", f"{gutter} {pad}{carets}{' ' + label if label else ''}"]


# ---- sarif ------------------------------------------------------------------------------------

def _sarif_rule(code: str) -> dict:
    row = CODES[code]
    return {
        "id": row.code,
        "name": row.name,
        "shortDescription": {"text": row.summary},
        "fullDescription": {"text": row.summary},
        "help": {"text": explain(row.code) or row.summary},
        "defaultConfiguration": {"level": _SARIF_LEVEL.get(row.severity, "warning")},
    }


def _sarif_result(d: Diagnostic, rule_ids: list[str]) -> dict:
    result: dict = {
        "ruleId": d.code,
        "level": _SARIF_LEVEL.get(d.severity, "warning"),
        "message": {"text": d.message},
        "locations": [_sarif_location(d.path, d.span)],
    }
    if d.code in rule_ids:
        result["ruleIndex"] = rule_ids.index(d.code)
    if d.related:
        result["relatedLocations"] = [_sarif_related(i, r) for i, r in enumerate(d.related)]
    if d.fix is not None:
        result["fixes"] = [{
            "description": {"text": d.fix.title},
            "artifactChanges": [{
                "artifactLocation": _sarif_artifact(d.path),
                "replacements": [{"deletedRegion": _sarif_region(d.fix.span),
                                  "insertedContent": {"text": d.fix.replacement}}],
            }],
        }]
    return result


def _sarif_related(index: int, related: Related) -> dict:
    location = _sarif_location(related.path, related.span)
    location["id"] = index
    location["message"] = {"text": related.message}
    return location


def _sarif_location(path: str, span: Span) -> dict:
    return {"physicalLocation": {"artifactLocation": _sarif_artifact(path), "region": _sarif_region(span)}}


def _sarif_artifact(path: str) -> dict:
    if os.path.isabs(path):
        return {"uri": _file_uri(path)}
    return {"uri": quote(path.replace(os.sep, "/"), safe="/"), "uriBaseId": "%SRCROOT%"}


def _sarif_region(span: Span) -> dict:
    region = {"startLine": span.line, "startColumn": span.column,
              "endLine": span.end_line, "endColumn": max(span.end_column, 1)}
    if span.cell is not None:   # a notebook: lines count within the cell (SARIF's property bag)
        region["properties"] = {"cell": span.cell}
    return region


def _file_uri(path: str) -> str:
    from pathlib import Path
    return Path(path).as_uri()


def _directory_uri(path: str) -> str:
    uri = _file_uri(os.path.abspath(path))
    return uri if uri.endswith("/") else uri + "/"


# ---- github -----------------------------------------------------------------------------------

def _github_escape_data(text: str) -> str:
    # As the Actions runner unescapes them (toolkit/packages/core/src/command.ts): % first.
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_escape_property(text: str) -> str:
    return _github_escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _inclusive_end_column(span: Span) -> int:
    # Spans end exclusively; GitHub's endColumn is the last column of the annotation.
    if span.end_line == span.line:
        return max(span.column, span.end_column - 1)
    return max(1, span.end_column - 1)


# ---- helpers ----------------------------------------------------------------------------------

def _code_name(code: str) -> str:
    row = CODES.get(code)
    return row.name if row is not None else "unknown"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


__all__ = ["FORMATS", "MACHINE_FORMATS", "render", "render_concise", "render_full", "render_json",
           "render_sarif", "render_github", "render_summary", "render_statistics", "coverage_by_file",
           "Coverage", "paint"]
