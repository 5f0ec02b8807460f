"""Imports resolve from the project root, so the findings do not depend on which paths are named."""

from __future__ import annotations

import pytest

from shapecheck.cli import app as cli
from shapecheck.cli.root import package_base, project_root, project_roots

USE = """import numpy as np
from pkg.shapes import make

x = make(4) @ np.zeros((4, 5))
"""
SHAPES = """import numpy as np

def make(n):
    return np.zeros((n, 3))
"""
FINDING = "pkg/use.py:4:5: error[SC102]"


@pytest.fixture
def check(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> tuple[int, str]:
        capsys.readouterr()
        status = cli.main(["check", "--no-cache", "-j", "1", *args])
        return status, capsys.readouterr().out

    return invoke


def _package(tmp_path, marker: str | None = "setup.py", under: str = ""):
    base = tmp_path / under
    (base / "pkg").mkdir(parents=True)
    (base / "pkg" / "__init__.py").write_text("")
    (base / "pkg" / "shapes.py").write_text(SHAPES)
    (base / "pkg" / "use.py").write_text(USE)
    if marker is not None:
        (tmp_path / marker).write_text("")


@pytest.mark.parametrize("paths", [["pkg/use.py"], ["pkg"], ["."], ["pkg", "setup.py"]])
def test_same_findings_whatever_paths_are_named(check, tmp_path, paths):
    _package(tmp_path)
    status, out = check(*paths)
    assert status == 1
    assert [line for line in out.splitlines() if "[SC" in line] == [line for line in out.splitlines()
                                                                    if line.startswith(FINDING)]
    assert FINDING in out


@pytest.mark.parametrize("paths", [["pkg/use.py"], ["pkg"], ["."], ["pkg/sub"]])
def test_without_a_marker_imports_resolve_from_the_package_base(check, tmp_path, paths):
    # no pyproject.toml, setup.py or .git (an unpacked sdist, a vendored folder): ``pkg/`` named
    # alone resolves ``from pkg.shapes import make`` from the folder holding pkg, as ``.`` does
    _package(tmp_path, marker=None)
    (tmp_path / "pkg" / "sub").mkdir()
    (tmp_path / "pkg" / "sub" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub" / "deep.py").write_text(USE)
    status, out = check(*paths)
    finding = "pkg/sub/deep.py:4:5: error[SC102]" if paths == ["pkg/sub"] else FINDING
    assert status == 1 and finding in out, out


def test_the_package_base_is_the_first_folder_not_a_package(tmp_path):
    (tmp_path / "top" / "pkg" / "sub").mkdir(parents=True)
    for folder in ("top/pkg", "top/pkg/sub"):
        (tmp_path / folder / "__init__.py").write_text("")
    assert package_base((tmp_path / "top" / "pkg" / "sub").resolve()) == (tmp_path / "top").resolve()
    assert package_base((tmp_path / "top").resolve()) == (tmp_path / "top").resolve()
    # a folder without __init__.py inside a package (its tests) is part of the package's tree
    (tmp_path / "top" / "pkg" / "sub" / "tests").mkdir()
    assert package_base((tmp_path / "top" / "pkg" / "sub" / "tests").resolve()) == (tmp_path / "top").resolve()


def test_a_test_file_in_a_package_named_alone_finds_what_the_package_run_finds(check, tmp_path):
    # scikit-rf's ``skrf/media/tests/test_media.py`` (its folder holds no __init__.py) named alone
    # resolved ``import skrf`` from its own folder, and found nothing a run over ``skrf/`` found
    _package(tmp_path, marker=None)
    (tmp_path / "pkg" / "tests").mkdir()
    (tmp_path / "pkg" / "tests" / "test_use.py").write_text(USE)
    for paths in (["pkg/tests/test_use.py"], ["pkg"], ["pkg/tests/test_use.py", "pkg/shapes.py"]):
        status, out = check(*paths)
        assert status == 1 and "pkg/tests/test_use.py:4:5: error[SC102]" in out, (paths, out)


def test_src_layout_resolves_from_root_src(check, tmp_path):
    _package(tmp_path, marker="pyproject.toml", under="src")
    for paths in (["src/pkg/use.py"], ["src"], ["."]):
        status, out = check(*paths)
        assert status == 1 and "src/pkg/use.py:4:5: error[SC102]" in out, paths


def test_from_a_subfolder_the_root_is_still_found(check, tmp_path, monkeypatch):
    _package(tmp_path)
    monkeypatch.chdir(tmp_path / "pkg")
    status, out = check("use.py")
    assert status == 1 and "use.py:4:5: error[SC102]" in out


def test_root_is_the_config_folder_then_the_nearest_marker(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "setup.cfg").write_text("")
    assert project_root([str(tmp_path / "a" / "b")], config_root=None) == (tmp_path / "a").resolve()
    assert project_root([str(tmp_path / "a" / "b")], config_root=tmp_path) == tmp_path.resolve()
    bare = tmp_path / "a" / "b"
    assert project_root([str(bare / "x.py"), str(bare)], config_root=None) == (tmp_path / "a").resolve()


def test_a_marker_inside_a_package_resolves_from_the_package_base(check, tmp_path):
    # linearmodels ships ``linearmodels/pyproject.toml`` inside the package: its test files named
    # alone resolved ``import linearmodels`` from inside the package, and found other things than a
    # run over the whole tree
    _package(tmp_path, marker=None)
    (tmp_path / "pkg" / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    (tmp_path / "pkg" / "tests").mkdir()
    (tmp_path / "pkg" / "tests" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "tests" / "test_use.py").write_text(USE)
    assert project_root([str(tmp_path / "pkg" / "tests")], config_root=None) == tmp_path.resolve()
    for paths in (["pkg/tests/test_use.py"], ["."], ["pkg/tests"]):
        status, out = check(*paths)
        assert status == 1 and "pkg/tests/test_use.py:4:5: error[SC102]" in out, (paths, out)


@pytest.mark.parametrize("paths", [["one/pkg", "two/pkg2"], ["two/pkg2", "one/pkg"], ["one/pkg/use.py", "two"]])
def test_paths_of_two_projects_are_each_checked_from_their_own_root(check, tmp_path, paths):
    # scanpy's and scikit-rf's packages named in one run: from their common ancestor, ``import skrf``
    # in scikit-rf's tests resolved nowhere and two findings went; each now resolves as it does alone
    _package(tmp_path / "one", marker=None)
    (tmp_path / "two" / "pkg2").mkdir(parents=True)
    (tmp_path / "two" / "pkg2" / "__init__.py").write_text("")
    (tmp_path / "two" / "pkg2" / "shapes.py").write_text(SHAPES)
    (tmp_path / "two" / "pkg2" / "use.py").write_text(USE.replace("pkg.", "pkg2."))
    status, out = check(*paths)
    found = sorted(line.split(" ")[0] for line in out.splitlines() if "[SC102]" in line)
    assert status == 1 and found == ["one/pkg/use.py:4:5:", "two/pkg2/use.py:4:5:"], out


def test_project_roots_groups_paths_by_root_unless_they_nest(tmp_path):
    for project in ("a", "b"):
        (tmp_path / project / "pkg").mkdir(parents=True)
        (tmp_path / project / "setup.py").write_text("")
    a, b = str(tmp_path / "a" / "pkg"), str(tmp_path / "b" / "pkg")
    assert project_roots([a, b], None) == [(tmp_path / "a", [a]), (tmp_path / "b", [b])]
    assert project_roots([a, str(tmp_path / "a")], None) == [(tmp_path / "a", [a, str(tmp_path / "a")])]
    # a path inside another project's path: one root for the run, as before (a file is checked once)
    assert project_roots([str(tmp_path), a], None) == [(project_root([str(tmp_path), a], None), [str(tmp_path), a])]
    assert project_roots([a, b], tmp_path) == [(tmp_path, [a, b])]
