"""An install without the Z3 solver is told so once, before any file is read: not an internal error
(SC003, "a bug in shapecheck") on every file that asks the solver a question."""

from __future__ import annotations

import sys

import pytest

from shapecheck.cli import app as cli
from shapecheck.cli import check, report
from shapecheck.constraints import solver


@pytest.fixture
def no_z3(monkeypatch):
    monkeypatch.setitem(sys.modules, "z3", None)   # ``import z3`` raises ImportError
    monkeypatch.setattr(solver, "solver_missing", lambda: "the Z3 solver is not installed in this Python")
    for module in (check, report):
        monkeypatch.setattr(module, "solver_missing", solver.solver_missing)


def test_check_says_the_solver_is_missing_once_and_reads_no_file(no_z3, tmp_path, capsys):
    (tmp_path / "a.py").write_text("import numpy as np\ndef f(a):\n    n, m = a.shape\n    return a @ np.ones((3, 4))\n")
    status = cli.main(["check", "--no-cache", "-j", "1", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2 and "SC003" not in out and out == ""
    assert err.count("the Z3 solver is not installed") == 1


def test_report_says_so_too(no_z3, tmp_path, capsys):
    (tmp_path / "a.py").write_text("x = 1\n")
    assert cli.main(["report", str(tmp_path), "-o", str(tmp_path / "site")]) == 2
    assert "the Z3 solver is not installed" in capsys.readouterr().err


def test_the_solver_names_what_is_missing_where_it_is_imported(no_z3):
    with pytest.raises(solver.SolverMissing, match="Z3 solver is not installed"):
        solver._z3()


def test_with_the_solver_installed_nothing_is_missing():
    pytest.importorskip("z3")
    assert solver.solver_missing() is None
