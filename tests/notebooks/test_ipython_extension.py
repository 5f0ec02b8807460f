"""`%load_ext shapecheck` in a real IPython shell: each cell is checked before it runs, with the
shapes of the kernel's live arrays as facts."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from shapecheck.ipython import check_cell, fact_for, prelude

_LIMIT = sys.getrecursionlimit()
IPython = pytest.importorskip("IPython", reason="IPython is not installed (it is in the [test] extra)")
sys.setrecursionlimit(_LIMIT)   # importing IPython raises it (to 3000), which moves where the parser gives up


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    # The shell installs its own __main__ (spawned workers need ours) and raises the recursion
    # limit (which moves where Python's parser gives up): both are put back afterwards.
    main, limit = sys.modules["__main__"], sys.getrecursionlimit()
    shell = InteractiveShell.instance()
    shell.run_cell("%load_ext shapecheck")
    try:
        yield shell
    finally:
        shell.run_cell("%unload_ext shapecheck")
        shell.reset()
        InteractiveShell.clear_instance()
        sys.modules["__main__"] = main
        sys.setrecursionlimit(limit)


def test_a_cell_is_checked_with_the_live_shapes_before_it_runs(shell, capsys):
    # The shape of x is known only at run time: the extension reads it from the kernel.
    shell.run_cell("import json\nimport numpy as np\nx = np.asarray(json.loads('[[1, 2, 3]]'))\n"
                   "n = 4\ndef project(a):\n    return a @ np.zeros((5, 2))\n")
    assert "error[" not in capsys.readouterr().out
    result = shell.run_cell("%time z = 1\ny = x @ np.zeros((n, 2))\nv = project(np.zeros((2, 4)))")
    out = capsys.readouterr().out
    checked, ran = out.index("error[SC102]"), out.index("Wall time")
    assert checked < ran   # printed before the cell's own output: checked before it ran
    assert "matmul: x is (1, 3) but np.zeros((n, 2)) is (4, 2): 3 != 4" in out
    assert ":2:5\n" in out and "2 | y = x @ np.zeros((n, 2))" in out   # the cell's own line
    assert "error[SC110]: call to project() fails" in out and ":3:5\n" in out
    assert isinstance(result.error_in_exec, ValueError)   # the cell still ran (and NumPy agreed)


def test_a_clean_cell_prints_nothing_and_unload_stops_checking(shell, capsys):
    shell.run_cell("import numpy as np\nx = np.ones((2, 3))")
    shell.run_cell("y = x.T @ x")
    assert capsys.readouterr().out == ""
    shell.run_cell("%unload_ext shapecheck")
    shell.run_cell("try:\n    x @ x\nexcept ValueError:\n    pass")
    assert "error[" not in capsys.readouterr().out
    shell.run_cell("%load_ext shapecheck")


class _Tensor:
    """Stands for a torch tensor (torch is not needed: only the class's module is read)."""

    __module__ = "torch"
    shape = (2, 3)
    dtype = "torch.float32"


def test_facts_for_each_kind_of_value():
    assert fact_for("np", np).source == "import numpy as np"
    assert fact_for("a", np.zeros((3, 4), dtype=np.int64)).source == \
        "a = numpy.zeros((3, 4), dtype=numpy.int64)"
    assert fact_for("t", _Tensor()).source == "t = torch.zeros((2, 3), dtype=torch.float32)"
    assert fact_for("k", 7).source == "k = 7" and fact_for("flag", True).source == "flag = True"
    assert fact_for("s", "text") is None and fact_for("xs", [1, 2]) is None
    assert prelude({"_hidden": 3, "In": [], "k": 7}) == "k = 7\n"


def test_a_torch_tensor_in_the_kernel_is_a_torch_fact():
    [finding] = check_cell("y = t.view(4, 2)", {"t": _Tensor()})
    assert finding.code == "SC103" and finding.span.line == 1
