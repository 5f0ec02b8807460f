"""Which files `shapecheck check` analyses: .py only, default and config excludes, .gitignore."""

from __future__ import annotations

import os

import pytest

from shapecheck.cli.discovery import Excludes, PathNotFound, discover


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """Make files under a fresh git-like root (a `.git` folder) and chdir into it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()

    def make(*relatives: str, text: str = ""):
        for relative in relatives:
            path = tmp_path / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)

    return make


def found(*paths, **kwargs):
    return discover(list(paths) or ["."], **kwargs)


def test_only_py_files_sorted_and_normalised(tree):
    tree("b.py", "a.py", "notes.txt", "stub.pyi", "pkg/c.py", "pkg/data.json")
    assert found() == ["a.py", "b.py", "pkg/c.py"]
    assert found("./pkg/") == ["pkg/c.py"]


def test_default_excludes_at_any_depth(tree):
    tree("a.py", ".venv/lib/x.py", "venv/y.py", "src/__pycache__/z.py", "src/build/w.py", "dist/v.py",
         "web/node_modules/u.py", "lib/site-packages/t.py", ".git/hooks/s.py", "pkg.egg-info/r.py")
    assert found() == ["a.py"]


def test_gitignore_root_patterns_negation_and_directories(tree):
    tree(".gitignore", text="*_pb2.py\ngenerated/\n!keep_pb2.py\n")
    tree("a.py", "msg_pb2.py", "keep_pb2.py", "generated/g.py", "src/generated/h.py", "src/ok.py")
    assert found() == ["a.py", "keep_pb2.py", "src/ok.py"]


def test_nested_gitignore_overrides_and_is_relative_to_its_folder(tree):
    tree(".gitignore", text="*.gen.py\n")
    tree("pkg/.gitignore", text="!special.gen.py\n/local.py\n")
    tree("a.gen.py", "pkg/special.gen.py", "pkg/other.gen.py", "pkg/local.py", "pkg/sub/local.py")
    assert found() == ["pkg/special.gen.py", "pkg/sub/local.py"]


def test_nothing_comes_back_from_under_an_ignored_directory(tree):
    tree(".gitignore", text="out/\n!out/keep.py\n")
    tree("out/keep.py", "a.py")
    assert found() == ["a.py"]


def test_gitignore_above_the_given_folder_applies(tree):
    tree(".gitignore", text="src/gen/\n")
    tree("src/gen/x.py", "src/y.py")
    assert found("src") == ["src/y.py"]


def test_gitignore_is_not_read_above_the_repository_root(tmp_path, monkeypatch):
    (tmp_path / ".gitignore").write_text("*.py\n")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "a.py").write_text("")
    monkeypatch.chdir(repo)
    assert found() == ["a.py"]


def test_respect_gitignore_off(tree):
    tree(".gitignore", text="*.py\n")
    tree("a.py")
    assert found() == []
    assert found(respect_gitignore=False) == ["a.py"]


def test_config_excludes_are_relative_to_the_config_root(tree, tmp_path):
    tree("a.py", "migrations/m.py", "app/migrations/n.py", "app/tests/t.py")
    excludes = Excludes.build(tmp_path, extend_exclude=["/migrations/", "tests"])
    assert found(excludes=excludes) == ["a.py", "app/migrations/n.py"]
    only_custom = Excludes.build(tmp_path, exclude=["app/"])
    tree("build/b.py")
    assert found(excludes=only_custom) == ["a.py", "build/b.py", "migrations/m.py"]


def test_explicit_files_are_checked_unless_force_exclude(tree, tmp_path):
    tree(".gitignore", text="gen.py\n")
    tree("gen.py", "build/b.py", "notes.txt")
    excludes = Excludes.build(tmp_path)
    assert found("gen.py", "build/b.py", "notes.txt", excludes=excludes) == ["gen.py", "build/b.py", "notes.txt"]
    assert found("gen.py", "build/b.py", "notes.txt", excludes=excludes, force_exclude=True) == ["notes.txt"]
    assert found("build", excludes=excludes) == ["build/b.py"]
    assert found("build", excludes=excludes, force_exclude=True) == []


def test_duplicates_are_dropped(tree):
    tree("a.py", "pkg/b.py")
    assert found(".", "a.py", "pkg", os.path.abspath("pkg/b.py")) == ["a.py", "pkg/b.py"]


def test_nonexistent_paths_raise_with_every_missing_one(tree):
    tree("a.py")
    with pytest.raises(PathNotFound) as error:
        found("a.py", "nope.py", "missing/")
    assert error.value.paths == ("nope.py", "missing/")


def test_a_project_folder_named_like_an_exclude_is_still_checked(tmp_path, monkeypatch):
    project = tmp_path / "build"
    (project / ".git").mkdir(parents=True)
    (project / "a.py").write_text("")
    monkeypatch.chdir(project)
    excludes = Excludes.build(project)
    assert found(excludes=excludes) == ["a.py"]
    assert found(excludes=excludes, force_exclude=True) == ["a.py"]


def test_an_ignored_folder_named_explicitly_is_its_own_root(tree):
    tree(".gitignore", text="generated/\n")
    tree("generated/.gitignore", text="skip/\n")
    tree("generated/g.py", "generated/skip/s.py")
    assert found("generated") == ["generated/g.py"]
    assert found("generated", force_exclude=True) == []
