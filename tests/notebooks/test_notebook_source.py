"""A notebook read as a module: what is Python, and the map between module and cell positions."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from shapecheck.report.diagnostics import Span
from shapecheck.report.notebook import NotebookError, notebook_from_cells, notebook_from_json, python_lines

from .nbfiles import DEMO, notebook_json


def test_code_cells_in_order_with_magics_shell_and_help_blanked():
    notebook = notebook_from_json(notebook_json(DEMO))
    assert [cell.number for cell in notebook.cells] == [2, 3, 4, 5]
    assert notebook.text.splitlines() == [
        "import numpy as np", "pass", "pass",
        "x = np.zeros((8, 784))", "w = np.zeros((100, 10))", "pass",
        "", "",                    # %%bash: not Python
        "", "y = x @ w", "pass"]   # %%time: its body is


@pytest.mark.parametrize("line, python", [
    ("%timeit f(x)", False), ("!ls -l", False), ("files = !ls", False), ("names = %who_ls", False),
    ("np.zeros?", False), ("??np.zeros", False), ("x.shape?", False),
    ("y = a if b else c  # really?", True), ("print('what?')", True), ("d = {'a': 1}", True),
    ("x = 100 % 7", True), ("ok = a != b", True),
])
def test_what_counts_as_python(line, python):
    [cell] = notebook_from_cells([(1, line)]).text.splitlines()
    assert (cell == line) is python, cell


def test_a_magic_inside_a_block_keeps_the_block():
    notebook = notebook_from_cells([(1, "for i in range(3):\n    %time f(i)\n")])
    assert notebook.text == "for i in range(3):\n    pass\n"
    compile(notebook.text, "cell", "exec")


def test_other_languages_and_cell_magics_have_nothing_to_check():
    assert notebook_from_json(notebook_json(DEMO, language="R")).text == ""
    assert notebook_from_cells([(1, "%%html\n<b>x = 1</b>")]).text == "\n\n"


@pytest.mark.parametrize("text, reason", [
    ("{not json", "invalid JSON"), ("[1, 2]", "no list of cells"), ('{"cells": 3}', "no list of cells"),
    ('{"cells": [1]}', "cell 1 is not an object"),
    ('{"cells": [{"cell_type": "code", "source": 7}]}', "source of cell 1 is not text"),
])
def test_malformed_notebooks_are_named(text, reason):
    with pytest.raises(NotebookError, match=reason):
        notebook_from_json(text)


cell_text = st.lists(st.sampled_from(["x = 1", "%time f()", "!ls", "", "  y = 2", "z?"]), max_size=5)


@given(st.lists(cell_text, min_size=1, max_size=4))
def test_every_module_line_maps_to_its_cell_and_back(cells):
    notebook = notebook_from_cells([(2 * i + 1, "\n".join(lines)) for i, lines in enumerate(cells)])
    module_lines = notebook.text.splitlines()
    for cell in notebook.cells:
        for offset in range(cell.line_count):
            module = Span(cell.first_line + offset, 1, cell.first_line + offset, 2)
            in_cell = notebook.to_cell(module)
            assert (in_cell.cell, in_cell.line) == (cell.number, offset + 1)
            assert notebook.to_module(in_cell) == module
            original = (cell.source.splitlines() or [""])[offset]
            assert module_lines[module.line - 1] in (original, original[:len(original) - len(original.lstrip())] + "pass", "")


def test_a_cell_magic_below_comments_makes_the_cell_another_language():
    # devito's notebooks: ``# NBVAL_SKIP`` above ``%%bash`` (those lines were SC001 syntax errors)
    source = "# NBVAL_SKIP\n%%bash\npython3 $DIR/run.py \\\n    --name x\n"
    assert python_lines(source, 4) == "\n\n\n\n"
    timed = "# a comment\n%%time\ny = x @ w\n"
    assert python_lines(timed, 3) == "# a comment\n\ny = x @ w\n"
