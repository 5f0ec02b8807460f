"""The on-disk cache: a second process loads object code instead of compiling."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""
    import sys
    import numpy as np
    sys.path.insert(0, {here!r})
    from test_llvm_programs import Inputs, elementwise_module
    from shapecheck.ir import loops as L, runtime

    inputs = Inputs("f64", ["rc"], 16, 16)
    module = elementwise_module(inputs, lambda i, j: L.Call("exp", (inputs.load(0, i, j),)))
    compiled = runtime.build(module)
    x = np.linspace(-1, 1, 256).reshape(16, 16)
    assert np.allclose(compiled(x), np.exp(x))
    print("disk" if compiled.from_disk else "compiled")
""")


def run_child(cache_dir) -> str:
    env = dict(os.environ, SHAPECHECK_CACHE_DIR=str(cache_dir))
    proc = subprocess.run([sys.executable, "-c", CHILD.format(here=HERE)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip().splitlines()[-1]


def test_second_process_loads_from_disk(tmp_path):
    assert run_child(tmp_path) == "compiled"
    assert len(list(tmp_path.glob("*.o"))) == 1
    assert run_child(tmp_path) == "disk"


def test_cache_can_be_switched_off(tmp_path):
    assert run_child("off") == "compiled"
    assert run_child("off") == "compiled"


def test_corrupt_cache_entry_is_not_trusted_blindly(tmp_path):
    assert run_child(tmp_path) == "compiled"
    (entry,) = tmp_path.glob("*.o")
    entry.write_bytes(b"not an object file")
    # A damaged entry must not crash the process: it is recompiled and rewritten.
    assert run_child(tmp_path) == "compiled"
    assert run_child(tmp_path) == "disk"
