"""Running test scenarios in a fresh Python process, so a crash in compiled code fails a test
instead of killing the test run."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def run_json_child(source: str, cache_dir, timeout: int = 180):
    """Run ``source`` with its own shapecheck cache; return the JSON its last output line holds."""
    env = dict(os.environ, SHAPECHECK_CACHE_DIR=str(cache_dir))
    proc = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, env=env,
                          timeout=timeout)
    assert proc.returncode == 0, f"child crashed (rc={proc.returncode}):\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


# A child's way to report a call: ["ok", its results as lists] or [the error's name, its message]
# (the errors a compiled call shares with NumPy).
OUTCOME = r'''
def outcome(fn, *args):
    try:
        value = fn(*args)
        items = value if isinstance(value, tuple) else (value,)
        return ["ok", [np.asarray(v).tolist() for v in items]]
    except (IndexError, ValueError) as error:
        return [type(error).__name__, str(error)]
'''
