"""Jupyter notebooks as modules: the Python text of a notebook's code cells, and the map back to cells.

A notebook is analysed as one module: its code cells in order, each cell's lines kept whole and
on lines of their own, so a position in the module maps back to one (cell, line, column). What
is not Python is blanked out line by line (each keeps its line, as ``pass`` at its indentation,
so an indented block stays a block): IPython line magics (``%time f()``), shell escapes
(``!pip install``, ``x = !ls``, ``x = %who_ls``), help (``x?``, ``??x``), and whole cells whose
cell magic runs something other than Python (``%%bash``, ``%%html``; ``%%time`` and the other
magics whose body is Python keep it). Markdown and raw cells are not code; a notebook whose kernel
is not Python has no code to check.

Cells are numbered from 1 by their position in the notebook (markdown cells count), as a reader
counts them. Positions inside a cell are 1-based lines and columns, as everywhere else.

The file is read with the standard ``json`` module, not ``nbformat``: reading the cells needs
only ``cells[i].cell_type`` and ``source`` (a string or a list of strings, nbformat 4's schema),
and ``nbformat`` would bring jsonschema and traitlets into the base install for that.

>>> nb = notebook_from_json('{"cells": [{"cell_type": "markdown", "source": "# Title"},'
...     '{"cell_type": "code", "source": ["import numpy as np\\\\n", "%time x = 1"]}], "metadata": {}}')
>>> print(nb.text, end="")
import numpy as np
pass
>>> nb.to_cell(Span(2, 1, 2, 5))
Span(line=2, column=1, end_line=2, end_column=5, cell=2)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from .diagnostics import Diagnostic, FileReport, ShapeNote, Span

NOTEBOOK_SUFFIX = ".ipynb"

#: Cell magics whose body is Python that IPython runs (the body is checked; the magic line is not).
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "python", "python3"})
#: A line that is not Python: a magic, a shell escape or help, possibly assigned (``x = !ls``).
_NOT_PYTHON = re.compile(r"^\s*(?:[%!?]|[\w.]+\s*=\s*[%!]|[\w.()\[\]]+\?\??\s*$)")


class NotebookError(ValueError):
    """The file is not a notebook this reader understands; the message says why."""


@dataclass(frozen=True)
class CodeCell:
    """One code cell: its number (from 1, counting every cell), its source, and the module line
    its first line is on."""

    number: int
    source: str
    first_line: int

    @property
    def line_count(self) -> int:
        return len(self.source.splitlines()) or 1


@dataclass(frozen=True)
class Notebook:
    """A notebook's code cells and the module text they make (what the analyser reads)."""

    cells: tuple[CodeCell, ...]
    text: str

    def cell(self, number: int) -> CodeCell | None:
        return next((c for c in self.cells if c.number == number), None)

    def cell_at(self, module_line: int) -> CodeCell | None:
        """The cell holding a line of the module text."""
        for cell in self.cells:
            if cell.first_line <= module_line < cell.first_line + cell.line_count:
                return cell
        return None

    def to_cell(self, span: Span) -> Span:
        """A span of the module text as a span in its cell (an end past the cell stops at its end)."""
        cell = self.cell_at(span.line)
        if cell is None:
            return span
        offset = cell.first_line - 1
        last = cell.first_line + cell.line_count - 1
        if span.end_line <= last:
            end_line, end_column = span.end_line, span.end_column
        else:
            end_line, end_column = last, len((cell.source.splitlines() or [""])[-1]) + 1
        return Span(span.line - offset, span.column, end_line - offset, end_column, cell=cell.number)

    def to_module(self, span: Span) -> Span:
        """A span in a cell as a span of the module text (the inverse of :meth:`to_cell`)."""
        cell = self.cell(span.cell) if span.cell is not None else None
        if cell is None:
            return span
        offset = cell.first_line - 1
        return Span(span.line + offset, span.column, span.end_line + offset, span.end_column)

    def diagnostic_to_cells(self, d: Diagnostic, path: str) -> Diagnostic:
        """``d`` with its own, related and fix spans in cell coordinates (only those in ``path``)."""
        related = tuple(replace(r, span=self.to_cell(r.span)) if r.path == path else r for r in d.related)
        fix = replace(d.fix, span=self.to_cell(d.fix.span)) if d.fix is not None else None
        span = self.to_cell(d.span) if d.path == path else d.span
        return replace(d, span=span, related=related, fix=fix)

    def report_to_cells(self, report: FileReport) -> FileReport:
        """The report's diagnostics and shape notes in cell coordinates; the statistics keep the
        module's (they are keyed by the module text, ``report.source``)."""
        report.diagnostics = [self.diagnostic_to_cells(d, report.path) for d in report.diagnostics]
        report.notes = [ShapeNote(self.to_cell(n.span), n.text, n.kind) for n in report.notes]
        return report


def is_notebook(path: str) -> bool:
    return path.endswith(NOTEBOOK_SUFFIX)


def notebook_from_json(text: str) -> Notebook:
    """Read a notebook's JSON text; :class:`NotebookError` when it is not one."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise NotebookError(f"not a Jupyter notebook: invalid JSON ({error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotebookError("not a Jupyter notebook: no list of cells (nbformat 4 is read)")
    if not _is_python(document.get("metadata")):
        return Notebook((), "")
    sources = []
    for number, cell in enumerate(document["cells"], start=1):
        if not isinstance(cell, dict):
            raise NotebookError(f"not a Jupyter notebook: cell {number} is not an object")
        if cell.get("cell_type") == "code":
            sources.append((number, _cell_text(cell.get("source", ""), number)))
    return notebook_from_cells(sources)


def notebook_from_cells(sources: list[tuple[int, str]]) -> Notebook:
    """The module made of code cells given as ``(number, source)`` in order (what the LSP and the
    IPython extension hold)."""
    cells, parts, line = [], [], 1
    for number, source in sources:
        cell = CodeCell(number, source, line)
        cells.append(cell)
        parts.append(python_lines(source, cell.line_count))
        line += cell.line_count
    return Notebook(tuple(cells), "".join(parts))


def python_lines(source: str, count: int) -> str:
    """A cell's source with what is not Python blanked (see the module doc), ``count`` lines."""
    lines = source.splitlines() or [""]
    # (below comments too: devito's notebooks put nbval's ``# NBVAL_SKIP`` above ``%%bash``; IPython
    # would take that for the line magic ``%bash`` and fail on the shell lines, so such a cell is
    # never run as Python, and its shell lines are no syntax error of the notebook's Python)
    first = next((i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")), 0)
    magic = re.match(r"\s*%%(\w+)", lines[first])
    if magic and magic.group(1) not in PYTHON_CELL_MAGICS:
        lines = ["" for _ in lines]       # a cell of another language: nothing to check
    elif magic:
        lines[first] = ""
    out = [_blank(line) if _NOT_PYTHON.search(line) else line for line in lines]
    return "".join(line + "\n" for line in out[:count])


def _blank(line: str) -> str:
    indent = line[:len(line) - len(line.lstrip())]
    return indent + "pass"


def _cell_text(source: object, number: int) -> str:
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    if isinstance(source, str):
        return source
    raise NotebookError(f"not a Jupyter notebook: the source of cell {number} is not text")


def _is_python(metadata: object) -> bool:
    """Whether the kernel runs Python (a notebook that does not say is taken as Python)."""
    if not isinstance(metadata, dict):
        return True
    language = (metadata.get("language_info") or {}).get("name") or (metadata.get("kernelspec") or {}).get("language")
    return not isinstance(language, str) or language.lower() in ("python", "python3", "ipython")
