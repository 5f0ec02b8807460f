"""LSP 3.17 notebook documents: a real client syncs a notebook; the server analyses its cells as
one module and answers per cell (diagnostics, hover, code actions)."""

from __future__ import annotations

import pytest
from lsprotocol import types

from lsp_session import REAL, session, uri_of

pytestmark = pytest.mark.asyncio

CELLS = [
    (types.NotebookCellKind.Markup, "# Shapes"),
    (types.NotebookCellKind.Code, "import numpy as np\n%matplotlib inline"),
    (types.NotebookCellKind.Code, "x = np.zeros((8, 784))\nw = np.zeros((100, 10))"),
    (types.NotebookCellKind.Code, "!ls\ny = x @ w"),
]


def _cell_uri(notebook: str, index: int) -> str:
    return f"vscode-notebook-cell:{notebook.removeprefix('file:')}#cell{index}"


def _open(client, notebook: str) -> list[str]:
    cells = [_cell_uri(notebook, i) for i in range(len(CELLS))]
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=notebook, notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=kind, document=uri) for (kind, _), uri in zip(CELLS, cells)]),
        cell_text_documents=[types.TextDocumentItem(uri=uri, language_id="python" if kind == 2 else "markdown",
                                                    version=1, text=text)
                             for (kind, text), uri in zip(CELLS, cells)]))
    return cells


async def test_notebook_cells_are_one_module_with_findings_on_their_cell(tmp_path):
    notebook = uri_of(tmp_path / "nb.ipynb")
    async with session(REAL, tmp_path) as client:
        cells = _open(client, notebook)
        last = await client.diagnostics_for(cells[3], lambda ds: any(d.code == "SC102" for d in ds))
        [matmul] = last
        assert matmul.range.start == types.Position(1, 4)   # line 2 of the cell, `x @ w`
        assert "x is (8, 784) but w is (100, 10)" in matmul.message
        await client.diagnostics_for(cells[2], lambda ds: len(ds) == 0)   # the clean cell is cleared

        hover = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(cells[2]), types.Position(0, 0)))
        assert "(8, 784)" in hover.contents.value

        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(cells[3]), range=matmul.range,
            context=types.CodeActionContext(diagnostics=[matmul])))
        ignore = next(a for a in actions if a.title == "Ignore SC102 on this line")
        [(uri, [edit])] = ignore.edit.changes.items()
        assert uri == cells[3] and edit.range.start.line == 1   # in the cell's own lines

        # Fix the shape in cell 3: the error in cell 4 goes away (a change in one cell rechecks all).
        client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(version=2, uri=notebook),
            change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
                types.NotebookDocumentCellContentChanges(
                    document=types.VersionedTextDocumentIdentifier(uri=cells[2], version=2),
                    changes=[types.TextDocumentContentChangeWholeDocument(
                        text="x = np.zeros((8, 784))\nw = np.zeros((784, 10))")])]))))
        await client.diagnostics_for(cells[3], lambda ds: len(ds) == 0)

        client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=notebook),
            cell_text_documents=[types.TextDocumentIdentifier(uri=uri) for uri in cells]))
