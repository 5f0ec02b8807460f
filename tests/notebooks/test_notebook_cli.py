"""`shapecheck check` on notebooks, with the real analyser: findings point at cell and line."""

from __future__ import annotations

import json

import pytest

from shapecheck.cli import app as cli
from shapecheck.cli import parallel

from .nbfiles import DEMO, write_notebook


@pytest.fixture
def check(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(parallel, "default_jobs", lambda: 1)

    def run(*args: str):
        capsys.readouterr()
        status = cli.main(["check", "--no-cache", "--no-color", *args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return run


def test_text_output_names_cell_line_and_column(check, tmp_path):
    write_notebook(tmp_path / "nb.ipynb")
    status, out, _ = check("nb.ipynb")
    assert status == 1
    assert out.splitlines()[0] == ("nb.ipynb:cell 5:2:5: error[SC102] matmul: x is (8, 784) but w is "
                                   "(100, 10): 784 != 100")


def test_full_output_shows_the_cells_line(check, tmp_path):
    write_notebook(tmp_path / "nb.ipynb")
    _, out, _ = check("nb.ipynb", "--output-format", "full")
    assert " --> nb.ipynb:cell 5:2:5\n" in out
    assert "2 | y = x @ w\n" in out and "  |     ^^^^^\n" in out


def test_json_and_sarif_carry_the_cell(check, tmp_path):
    write_notebook(tmp_path / "nb.ipynb")
    _, out, _ = check("nb.ipynb", "--output-format", "json")
    [finding] = json.loads(out)
    assert (finding["cell"], finding["line"], finding["column"]) == (5, 2, 5)
    _, out, _ = check("nb.ipynb", "--output-format", "sarif")
    [result] = json.loads(out)["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 2 and region["properties"] == {"cell": 5}


def test_a_folder_includes_notebooks_but_not_checkpoints(check, tmp_path):
    write_notebook(tmp_path / "pkg" / "nb.ipynb")
    write_notebook(tmp_path / "pkg" / ".ipynb_checkpoints" / "nb-checkpoint.ipynb")
    _, out, _ = check("pkg")
    assert out.count("error[SC102]") == 1 and "Found 1 error in 1 of 1 file." in out


def test_suppression_comment_in_a_cell(check, tmp_path):
    cells = [("code", "import numpy as np"),
             ("code", "y = np.zeros((2, 3)) @ np.zeros((4, 5))  # shapecheck: ignore[SC102]")]
    write_notebook(tmp_path / "nb.ipynb", cells)
    status, out, _ = check("nb.ipynb")
    assert status == 0, out


def test_a_notebook_uses_a_module_next_to_it(check, tmp_path):
    (tmp_path / "layers.py").write_text("import numpy as np\n\ndef dense(x):\n    return x @ np.zeros((784, 10))\n")
    write_notebook(tmp_path / "nb.ipynb", [("code", "import numpy as np\nfrom layers import dense"),
                                           ("code", "h = dense(np.zeros((8, 100)))")])
    _, out, _ = check("nb.ipynb")
    assert "nb.ipynb:cell 2:1:5: error[SC110] call to dense() fails" in out


@pytest.mark.parametrize("content, reason", [
    (b"{ not json", "not a Jupyter notebook: invalid JSON"),
    (b'{"cells": {}}', "not a Jupyter notebook: no list of cells"),
    (b'{"cells": []}\xff\xfe', "not UTF-8 text"),
])
def test_bad_notebooks_are_a_clear_sc002(check, tmp_path, content, reason):
    (tmp_path / "bad.ipynb").write_bytes(content)
    status, out, err = check("bad.ipynb")
    assert status == 1 and "Traceback" not in out + err
    assert out.startswith("bad.ipynb:1:1: error[SC002] " + reason), out


def test_the_cache_and_worker_processes_keep_the_cell(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    write_notebook(tmp_path / "nb.ipynb")
    write_notebook(tmp_path / "other.ipynb", DEMO[:3])
    for _ in range(2):   # the second run reads the cache
        cli.main(["check", "-j", "2", "--output-format", "json", "nb.ipynb", "other.ipynb"])
        [finding] = json.loads(capsys.readouterr().out)
        assert (finding["path"], finding["cell"], finding["line"]) == ("nb.ipynb", 5, 2)
