"""One run reads the file system once per import: each name imported from a module resolved it
again (timm: 9,726 resolutions, 33,000 stat calls)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from shapecheck.absint.driver.modules import _resolve_path, _resolve_plain
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
    is_file, isfile = Path.is_file, os.path.isfile

    def counting(path):
        asked.append(path.name)
        return is_file(path)

    def counting_text(path):
        asked.append(os.path.basename(path))
        return isfile(path)

    monkeypatch.setattr(Path, "is_file", counting)
    monkeypatch.setattr(os.path, "isfile", counting_text)
    (report,) = check_paths([str(tmp_path / "main.py")], root=tmp_path)
    assert [d.code for d in report.diagnostics] == ["SC102"]   # (3, 4) @ (2, 3): the names resolved
    assert asked.count("layers.py") == 1


TREE = ["top.py", "pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py", "pkg/sub/a.py",
        "pkg/both.py", "pkg/both/__init__.py", "other/c.py", "src/d.py"]
IMPORTS = [("top", 0), ("pkg", 0), ("pkg.a", 0), ("pkg.sub.b", 0), ("a", 0), ("b", 0), ("a", 1), ("", 1),
           ("sub", 1), ("sub.b", 1), ("a", 2), ("", 2), ("sub.a", 2), ("", 5), ("both", 1), ("pkg.both", 0),
           ("c", 0), ("d", 0), ("missing", 0), ("missing", 1), ("pkg.missing", 0)]


@pytest.mark.parametrize("importer", ["top.py", "pkg/a.py", "pkg/sub/b.py", "other/c.py"])
def test_resolving_on_strings_finds_what_pathlib_finds(tmp_path, importer) -> None:
    """The string resolution (absolute normal paths) tries the paths pathlib builds, in its order."""
    for name in TREE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    where = str(tmp_path / importer)
    for roots in ([str(tmp_path)], [str(tmp_path), str(tmp_path / "src")], [str(tmp_path / "other")]):
        for name, level in IMPORTS:
            parts = name.split(".") if name else []
            assert _resolve_plain(roots, where, parts, level) == _resolve_path(roots, where, parts, level), (name, level)


def _revealed(report) -> list[str]:
    return [d.message for d in report.diagnostics if d.code == "SC301"]


def test_a_library_without_a_table_is_read_from_its_stub_unless_the_project_holds_it(tmp_path) -> None:
    """``torchvision.models`` comes from shapecheck's stub (a (N, 1000) classifier) where the project
    has no torchvision; a project's own torchvision package is read instead (checking torchvision)."""
    main = tmp_path / "app" / "main.py"
    main.parent.mkdir()
    main.write_text("import torch\nimport torchvision\n"
                    "reveal_shape(torchvision.models.resnet18()(torch.ones(2, 3, 64, 64)))\n")
    (report,) = check_paths([str(main)], root=tmp_path / "app")
    assert any("(2, 1000)" in m for m in _revealed(report)), _revealed(report)
    own = tmp_path / "app" / "torchvision" / "models"
    own.mkdir(parents=True)
    (own.parent / "__init__.py").write_text("")
    (own / "__init__.py").write_text("import torch\n\ndef resnet18():\n    return lambda x: torch.zeros(7)\n")
    (report,) = check_paths([str(main)], root=tmp_path / "app")
    assert any("(7,)" in m for m in _revealed(report)), _revealed(report)


def test_a_packages_submodule_is_found_from_the_packages_folder(tmp_path) -> None:
    """``inner.layers`` where ``inner`` (a package) never imported ``layers``: Python finds the
    submodule in the package's folder. Found by the name the import wrote (``inner``, from
    ``pkg/deep/user.py``), it was looked for as ``pkg/deep/inner/layers.py`` and missed."""
    for name, text in {"pkg/__init__.py": "", "pkg/deep/__init__.py": "", "pkg/inner/__init__.py": "",
                       "pkg/inner/layers.py": "import numpy as np\nW = np.zeros((2, 3))\n",
                       "pkg/deep/user.py": "import numpy as np\nfrom .. import inner\n"
                                           "y = inner.layers.W @ np.zeros((4, 1))  # error: SC102\n"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (report,) = check_paths([str(tmp_path / "pkg/deep/user.py")], root=tmp_path)
    assert [d.code for d in report.diagnostics] == ["SC102"]


def test_every_library_alias_is_under_a_prefix_the_fast_path_checks():
    # canonical_library returns a name at once unless it starts with one of _CHANGED
    from shapecheck.absint.rules import library_names as L
    assert all(alias.startswith(L._CHANGED) for alias, _ in L._ALIASES)
    assert all(module.startswith(L._CHANGED) for module in L._NUMPY_HOMES)
    assert L.canonical_library("jax.numpy.linalg.inv") == "numpy.linalg.inv"
    assert L.canonical_library("torch.nn.functional.relu") == "torch.nn.functional.relu"
