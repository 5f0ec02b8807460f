"""Notebook documents (LSP 3.17 ``notebookDocument/*``): one analysis per notebook, seen per cell.

A client that syncs notebooks (VS Code, for ``.ipynb``) opens the notebook with each cell as a
text document of its own (``vscode-notebook-cell:`` URIs). The cells only make sense together
(cell 5 uses what cell 2 imported), so the server analyses the notebook as one module, built
from its code cells in order (``report/notebook.py``: magics and shell lines blanked), and the
scheduler's unit is the notebook URI. Every request about a cell (pull diagnostics, hover, inlay
hints, code actions) gets the cell's *view* of that analysis: the findings and shape notes in that
cell, in the cell's own lines, so the per-document code answers it unchanged. Related locations
in other cells are left out of a cell's findings (the message already names both shapes).

Cells are numbered from 1 by their position in the notebook, markdown cells included, as the
CLI numbers them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from lsprotocol import types

from ..api import Notebook
from ..report.diagnostics import Diagnostic, FileReport, ShapeNote
from ..report.notebook import notebook_from_cells

#: What the server asks clients to sync: Jupyter notebooks, their Python cells.
SYNC_OPTIONS = types.NotebookDocumentSyncOptions(notebook_selector=[
    types.NotebookDocumentFilterWithCells(cells=[types.NotebookCellLanguage(language="python")],
                                          notebook="jupyter-notebook")])


def code_cells(document: types.NotebookDocument) -> list[tuple[int, str]]:
    """``(number, cell document URI)`` of each code cell, in order."""
    return [(number, cell.document) for number, cell in enumerate(document.cells, start=1)
            if cell.kind == types.NotebookCellKind.Code]


def notebook_text(document: types.NotebookDocument, texts: Mapping[str, str]) -> Notebook:
    """The module the notebook's code cells make, from each cell document's current text."""
    return notebook_from_cells([(number, texts.get(uri, "")) for number, uri in code_cells(document)])


def cell_report(report: FileReport, number: int) -> FileReport:
    """The part of a notebook's report that is in cell ``number``, in the cell's own positions."""
    def own(d: Diagnostic) -> Diagnostic:
        fix = d.fix if d.fix is None or d.fix.span.cell == number else None
        return replace(d, span=replace(d.span, cell=None), related=(),
                       fix=None if fix is None else replace(fix, span=replace(fix.span, cell=None)))

    return FileReport(
        path=report.path,
        diagnostics=[own(d) for d in report.diagnostics if d.span.cell == number],
        notes=[ShapeNote(replace(n.span, cell=None), n.text, n.kind) for n in report.notes
               if n.span.cell == number],
        source=report.source)
