"""Trees shared by the runs of one process (``parsing.parse_shared``): the same text is parsed once,
and no run changes a tree another run reads, so a file's findings do not depend on what was checked
before it (issue 11: ``-j 1`` = ``-j N``)."""

from __future__ import annotations

import ast
import gc
from pathlib import Path

from shapecheck.absint.driver import parsing
from shapecheck.api import Options, Project, check_paths

_LAYERS = """import numpy as np

def dense(x, n):
    for i in range(3):
        x = x @ np.ones((x.shape[1], n))
    return x

def pool(x):
    while x.shape[0] > 1:
        x = x[::2]
    return x.sum(axis=0)
"""

_MAIN = """import numpy as np
from layers import dense, pool

y = dense(np.zeros((3, 5)), 4)
z = pool(y) + np.ones(7)
w = dense(np.zeros((2, 4)), 4) @ np.ones((3, 1))
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).write_text(text)


def _findings(root: Path, name: str) -> list[tuple]:
    report = check_paths([str(root / name)], Options(strict=True), Project(roots=[str(root)]))[0]
    return [(d.span, d.code, d.message) for d in report.diagnostics]


def test_the_same_text_is_parsed_once() -> None:
    text = "import numpy as np\nx = np.zeros((3, 4))  # shared-parse test\n"
    tree = parsing.parse_shared("a.py", text)
    assert parsing.parse_shared("b.py", text) is tree
    assert ast.dump(tree, include_attributes=True) == ast.dump(ast.parse(text), include_attributes=True)


def test_runs_leave_shared_trees_as_they_were(tmp_path: Path) -> None:
    _write(tmp_path, {"layers.py": _LAYERS, "main.py": _MAIN})
    before = ast.dump(ast.parse(_LAYERS), include_attributes=True)
    first = _findings(tmp_path, "main.py")
    assert {code for _, code, _ in first} >= {"SC101", "SC102"}   # the imported bodies ran
    tree = parsing.parse_shared(str(tmp_path / "layers.py"), _LAYERS)
    assert ast.dump(tree, include_attributes=True) == before
    # checked again in the same process (every tree now shared), and with the layers checked
    # between: the same findings as the first run
    _findings(tmp_path, "layers.py")
    assert _findings(tmp_path, "main.py") == first


def test_the_shared_trees_hold_at_most_their_bound(monkeypatch) -> None:
    monkeypatch.setattr(parsing, "SHARED_MAX_CHARS", 100)
    monkeypatch.setattr(parsing, "_SHARED", {})
    monkeypatch.setattr(parsing, "_shared_chars", 0)
    texts = [f"x{i} = {i}  # {'.' * 30}\n" for i in range(6)]
    for text in texts:
        parsing.parse_shared("m.py", text)
    parsing.parse_shared("m.py", texts[3])   # used again: kept before older ones
    parsing.parse_shared("m.py", "y = 1  # " + "." * 30 + "\n")
    assert sum(map(len, parsing._SHARED)) == parsing._shared_chars <= 100
    assert texts[3] in parsing._SHARED and texts[0] not in parsing._SHARED


def test_a_check_run_freezes_its_new_trees_and_only_then() -> None:
    # inside a ``check`` run (cli/parallel.py) a new shared tree is frozen as it is made: no
    # collection scans it again (gc.get_objects lists the three generations, not the frozen)
    def collected(tree: ast.Module) -> bool:
        return any(o is tree for o in gc.get_objects())

    before = parsing.freeze_new_trees(True)
    try:
        tree = parsing.parse_shared("a.py", "x = 2  # frozen inside a check run\n")
    finally:
        assert parsing.freeze_new_trees(before) is True
        frozen = not collected(tree)
        gc.unfreeze()
    assert frozen and before is False
    assert collected(parsing.parse_shared("a.py", "x = 3  # not frozen outside a run\n"))
