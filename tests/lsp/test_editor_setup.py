"""What the README tells users to set up for editors works as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def _on_path(folder: Path, script: str) -> dict:
    folder.mkdir()
    (folder / "shapecheck").write_text(script)
    (folder / "shapecheck").chmod(0o755)
    return {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{folder}{os.pathsep}/usr/bin:/bin"}


def _lsp_check(env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "shapecheck", "lsp", "--check"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_lsp_check_passes_when_an_editor_can_start_the_server(tmp_path):
    env = _on_path(tmp_path / "bin", f'#!/bin/sh\nexec "{sys.executable}" -m shapecheck "$@"\n')
    completed = _lsp_check(env)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "ok   this install's server starts: shapecheck" in completed.stdout
    assert "notebookDocumentSync" in completed.stdout
    assert "An LSP client can start `shapecheck lsp`." in completed.stdout


def test_lsp_check_names_a_server_that_dies_on_start(tmp_path):
    env = _on_path(tmp_path / "bin", "#!/bin/sh\necho 'ImportError: no module named pygls' >&2\nexit 3\n")
    completed = _lsp_check(env)
    assert completed.returncode == 1
    assert "FAIL `shapecheck lsp` as an editor runs it" in completed.stdout
    assert "exit status 3" in completed.stdout and "no module named pygls" in completed.stdout


def test_lsp_check_says_when_shapecheck_is_not_on_path(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": str(tmp_path)}
    completed = _lsp_check(env)
    assert completed.returncode == 1
    assert "FAIL `shapecheck` on PATH: not found" in completed.stdout


def test_readme_helix_snippet_runs_the_server_command():
    [block] = re.findall(r"Helix, in `languages.toml`.*?```toml\n(.*?)```", README, re.DOTALL)
    config = tomllib.loads(block)
    server = config["language-server"]["shapecheck"]
    assert [server["command"], *server["args"]] == ["shapecheck", "lsp"]
    [python] = config["language"]
    assert python["name"] == "python" and "shapecheck" in python["language-servers"]

