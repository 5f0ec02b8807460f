"""The README's `shapecheck.jit` snippet runs as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_readme_jit_snippet_runs(tmp_path):
    [block] = re.findall(r"## Compiling: `shapecheck.jit`\n\n```python\n(.*?)```", README, re.DOTALL)
    script = tmp_path / "snippet.py"   # jit reads the function's source, as from a user's file
    script.write_text(block)
    completed = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                               timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT),
                                                 "SHAPECHECK_CACHE_DIR": str(tmp_path / "cache")})
    assert completed.returncode == 0, completed.stderr
    assert "define" in completed.stdout   # the LLVM IR of the compiled function
