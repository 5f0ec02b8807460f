"""How often a body is run (issue 11: speed on whole repositories). Each run below is one the
findings do not need twice; the tests count them by wrapping the driver's one place that runs a
body (``calls._run_body``) and check the findings are the ones a run of every body gives."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from shapecheck.absint.driver import calls
from shapecheck.api import Options, Project, check_paths


@pytest.fixture
def bodies_run(monkeypatch) -> Counter:
    """Function qualname -> how many times its body was run (generic and call analyses alike)."""
    runs: Counter = Counter()
    run_body = calls._run_body

    def counted(interp, fn, frame):
        runs[fn.qualname] += 1
        return run_body(interp, fn, frame)

    monkeypatch.setattr(calls, "_run_body", counted)
    return runs


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).write_text(text)


def test_an_imported_function_is_analysed_once_without_its_caller(tmp_path: Path, bodies_run: Counter) -> None:
    """Its generic analysis collects the errors it has for every argument (left out of each call's
    SC110, as they are no fault of the caller) in the one run that also gives its result: no second,
    silent run of the body."""
    _write(tmp_path, {
        "layers.py": ("import numpy as np\n"
                      "def broken(x):\n"
                      "    np.zeros((2, 3)) @ np.zeros((4, 5))\n"   # fails whatever x is
                      "    return x @ np.ones((4, 2))\n"),
        "main.py": ("import numpy as np\nfrom layers import broken\n"
                    "a = broken(np.zeros((3, 4)))\n"        # only the body's own error: not the caller's
                    "b = broken(np.zeros((3, 5)))\n"),      # the argument does not fit: SC110
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    assert [(d.line, d.code) for d in report.diagnostics] == [(4, "SC110")]
    assert report.diagnostics[0].message == ("call to broken() fails: matmul: x is (3, 5) but np.ones((4, 2)) "
                                             "is (4, 2): 5 != 4")
    assert bodies_run["broken"] == 1 + 2   # its generic analysis, then one run per distinct call
