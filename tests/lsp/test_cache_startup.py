"""The server reads the command line's check cache: a checked project opens with its diagnostics
without being analysed again; an edit, an edited import or a hover analyses for real."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from shapecheck import cli
from shapecheck.cache.store import CACHE_DIR_NAME
from shapecheck.lsp import server as server_mod
from shapecheck.lsp import settings as settings_mod

MODEL = "import numpy as np\nfrom layers import dense\n\nx = np.zeros((8, 784))\ny = dense(x) @ np.zeros((3, 2))\n"
LAYERS = "import numpy as np\n\n\ndef dense(x):\n    return x @ np.zeros((784, 10))\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "layers.py").write_text(LAYERS)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", ".", "-j", "1", "--exit-zero"]) == 0   # fills .shapecheck_cache/
    assert (tmp_path / CACHE_DIR_NAME).is_dir()
    return tmp_path


def _server(root: Path) -> server_mod.ShapecheckServer:
    """A server as ``initialize`` leaves it for a workspace of one folder (no transport needed)."""
    ls = server_mod.ShapecheckServer()
    ls.roots = [os.path.realpath(root)]
    ls.reset_project()
    ls.apply_settings("pyproject", settings_mod.read_pyproject(ls.roots[0]))
    return ls


def _analyses(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = server_mod.check_source

    def counting(text, path, **kwargs):
        calls.append(os.path.basename(path))
        return real(text, path, **kwargs)

    monkeypatch.setattr(server_mod, "check_source", counting)
    return calls


def test_a_checked_file_opens_with_the_command_lines_findings_unanalysed(project, monkeypatch, capsys):
    capsys.readouterr()
    cli.main(["check", "model.py", "-j", "1", "--no-cache", "--output-format", "json", "--exit-zero"])
    expected = capsys.readouterr().out
    assert "SC102" in expected   # (8, 10) @ (3, 2)
    ls, analyses = _server(project), _analyses(monkeypatch)
    path = os.path.join(ls.roots[0], "model.py")
    opened = ls.analyse(path, MODEL)
    assert analyses == [] and opened.from_cache
    assert [(d.code, d.span, d.message) for d in opened.report.diagnostics] == \
        [(d.code, d.span, d.message) for d in server_mod.check_source(MODEL, path, project=ls.project).diagnostics]
    assert all(d.path == path for d in opened.report.diagnostics)   # its own path, as the editor spells it


def test_an_edit_or_an_unsaved_import_is_analysed(project, monkeypatch):
    ls, analyses = _server(project), _analyses(monkeypatch)
    path = os.path.join(ls.roots[0], "model.py")
    edited = ls.analyse(path, MODEL + "z = x.sum()\n")
    assert analyses == ["model.py"] and not edited.from_cache
    ls.buffers[os.path.join(ls.roots[0], "layers.py")] = LAYERS.replace("10", "3")   # open, unsaved
    fixed = ls.analyse(path, MODEL)
    assert analyses == ["model.py", "model.py"] and not fixed.from_cache
    assert not any(d.code == "SC102" for d in fixed.report.diagnostics)


def test_no_cache_folder_no_cache_and_none_made(tmp_path, monkeypatch):
    (tmp_path / "model.py").write_text(MODEL)
    ls, analyses = _server(tmp_path), _analyses(monkeypatch)
    ls.analyse(str(tmp_path / "model.py"), MODEL)
    assert analyses == ["model.py"] and not (tmp_path / CACHE_DIR_NAME).exists()


def test_hover_replaces_a_cached_report_with_a_real_analysis(project, monkeypatch):
    ls, analyses = _server(project), _analyses(monkeypatch)
    uri = (project / "model.py").resolve().as_uri()

    async def scenario():
        monkeypatch.setattr(ls, "snapshot", lambda u: server_mod.Snapshot(u, server_mod._path_of(u), 1, MODEL))
        monkeypatch.setattr(ls, "current_version", lambda u: 1)
        monkeypatch.setattr(ls, "on_report", lambda *args: None)
        monkeypatch.setattr(ls, "notebook_of_cell", lambda u: None)
        ls.ensure_scheduler().request(uri, immediate=True)
        first = await ls.analysed(uri)
        with_notes = await ls.analysed(uri, notes=True)
        return first, with_notes

    first, with_notes = asyncio.run(scenario())
    assert first.from_cache and analyses == ["model.py"] and not with_notes.from_cache
    assert with_notes.notes.at(4, 1) is not None   # `x = ...` has its shape for hover


def test_the_server_reads_the_cache_but_writes_no_entry(project, monkeypatch):
    # an analysis in the server may reuse parts kept from earlier re-checks, which do not load
    # again the modules they read: an entry it wrote could miss a dependency
    folder = project / CACHE_DIR_NAME
    before = sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())
    ls = _server(project)
    path = os.path.join(ls.roots[0], "model.py")
    assert not ls.analyse(path, MODEL + "z = x.sum()\n").from_cache
    assert not ls.analyse(path, MODEL + "z = x.sum()\n").from_cache   # not cached by the first
    assert sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file()) == before
