"""End to end in a real editor: Neovim configured by the README's own Lua snippet (headless), with
`shapecheck` on PATH as a user has it, against the real server."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NVIM = shutil.which("nvim")
SCRIPT = Path(__file__).with_name("neovim_client.lua")
ROOT = Path(__file__).resolve().parents[2]

MODEL = """\
import numpy as np

x = np.zeros((8, 784))
w = np.zeros((100, 10))
y = x @ w
"""


def readme_lua() -> str:
    """The README's Neovim snippet, exactly as a user copies it."""
    [block] = re.findall(r"```lua\n(.*?)```", (ROOT / "README.md").read_text(), re.DOTALL)
    return block


def shapecheck_on_path(folder: Path) -> str:
    """A `shapecheck` command for this checkout, first on PATH (as `pip install` puts it)."""
    folder.mkdir()
    command = folder / "shapecheck"
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m shapecheck "$@"\n')
    command.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (CI: apt-get install -y neovim)")
def test_readme_snippet_attaches_and_shows_diagnostics_hover_and_actions(tmp_path):
    source = tmp_path / "model.py"
    source.write_text(MODEL)
    config = tmp_path / "init.lua"
    config.write_text(readme_lua())
    out = tmp_path / "result.json"
    env = {**os.environ, "PATH": shapecheck_on_path(tmp_path / "bin"), "PYTHONPATH": str(ROOT),
           "SC_CONFIG": str(config), "SC_FILE": str(source), "SC_LINE": "2", "SC_CHAR": "0",
           "SC_OUT": str(out), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    completed = subprocess.run([NVIM, "--headless", "--clean", "-n", "-c", f"luafile {SCRIPT}"],
                               env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
                               stdin=subprocess.DEVNULL)
    assert out.exists(), f"Neovim wrote no result: {completed.stdout}\n{completed.stderr}"
    result = json.loads(out.read_text())
    assert result["errors"] == [], result
    assert result["filetype"] == "python" and result["attached"], result
    assert result["client_name"] == "shapecheck"
    assert result["got_diagnostics"], result
    [diagnostic] = result["diagnostics"]
    assert diagnostic["code"] == "SC102" and "784 != 100" in diagnostic["message"]
    assert (diagnostic["lnum"], diagnostic["col"]) == (4, 4)
    assert "(8, 784)" in result["hover"]["contents"]["value"]
    titles = [action["title"] for action in result["actions"]]
    assert "Ignore SC102 on this line" in titles
    assert result["stopped"]
