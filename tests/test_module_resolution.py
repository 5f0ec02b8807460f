"""One run reads the file system once per import: each name imported from a module resolved it
again (timm: 9,726 resolutions, 33,000 stat calls)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from shapecheck.api import check_paths


def test_a_module_is_looked_up_once_per_run_however_many_names_it_gives(tmp_path, monkeypatch) -> None:
    (tmp_path / "layers.py").write_text("import numpy as np\nA = np.ones((2, 3))\nB = np.ones((3, 4))\nC = 1\n")
    (tmp_path / "main.py").write_text(textwrap.dedent("""
        from layers import A
        from layers import B, C
        import layers
        y = A @ B @ layers.A  # error: SC102
    """))
    asked = []
    is_file = Path.is_file

    def counting(path):
        asked.append(path.name)
        return is_file(path)

    monkeypatch.setattr(Path, "is_file", counting)
    (report,) = check_paths([str(tmp_path / "main.py")], root=tmp_path)
    assert [d.code for d in report.diagnostics] == ["SC102"]   # (3, 4) @ (2, 3): the names resolved
    assert asked.count("layers.py") == 1
