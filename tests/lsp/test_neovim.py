"""End to end in a real editor: Neovim's built-in LSP client (headless) against the real server."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lsp_session import REAL

NVIM = shutil.which("nvim")
SCRIPT = Path(__file__).with_name("neovim_client.lua")

MODEL = """\
import numpy as np

x = np.zeros((8, 784))
w = np.zeros((100, 10))
y = x @ w
"""


@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (CI: apt-get install -y neovim)")
def test_neovim_gets_diagnostics_hover_and_actions(tmp_path):
    source = tmp_path / "model.py"
    source.write_text(MODEL)
    out = tmp_path / "result.json"
    env = {**os.environ, "SC_CMD": json.dumps(REAL), "SC_ROOT": str(tmp_path), "SC_FILE": str(source),
           "SC_LINE": "2", "SC_CHAR": "0", "SC_OUT": str(out),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    completed = subprocess.run([NVIM, "--headless", "--clean", "-n", "-c", f"luafile {SCRIPT}"],
                               env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
                               stdin=subprocess.DEVNULL)
    assert out.exists(), f"Neovim wrote no result: {completed.stdout}\n{completed.stderr}"
    result = json.loads(out.read_text())
    assert result["errors"] == [], result
    assert result["got_diagnostics"], result
    [diagnostic] = result["published"]["diagnostics"]
    assert diagnostic["code"] == "SC102" and "784 != 100" in diagnostic["message"]
    assert diagnostic["range"]["start"] == {"line": 4, "character": 4}
    assert "(8, 784)" in result["hover"]["contents"]["value"]
    titles = [action["title"] for action in result["actions"]]
    assert "Ignore SC102 on this line" in titles
    assert result["exit"]["code"] == 0
