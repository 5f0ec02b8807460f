#!/usr/bin/env bash
# The prepared GPU check: run on a lent NVIDIA machine (the workplace's `device` tool), once, briefly.
#
# That machine reaches no package index, so the Python wheels travel with the working tree:
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
#       -d .whl z3-solver llvmlite numpy immutables pathspec libcst pyyaml typing-extensions pytest \
#       iniconfig pluggy packaging hypothesis attrs sortedcontainers
# then: device run with carry [".whl"] and command `bash tools/gpu-check.sh` (timeout ~300 s).
#
# It runs the GPU-marked tests (PTX built by LLVM's NVPTX back end, loaded with the CUDA driver API,
# results compared with NumPy) and prints the device and the timings, into $OUT when set.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${OUT:-/tmp/gpu-check}"
mkdir -p "$out"
if [ -d .whl ]; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
        && export PYTHONPATH="/tmp/site:$PWD"
else
    export PYTHONPATH="$PWD"
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/device.txt"
export PYTHONUNBUFFERED=1
python3 -m pytest -m gpu tests/ir -q -rs -p no:cacheprovider 2>&1 | tee "$out/gpu-tests.txt"
status=${PIPESTATUS[0]}
python3 - <<'PY' 2>&1 | tee "$out/ptx-timing.txt"
import time
import numpy as np
from shapecheck.ir import ptx
from tests.ir.test_ptx import transcendental_module

module = transcendental_module()
rng = np.random.default_rng(0)
x = rng.standard_normal((64, 256)).astype(np.float32)
y = rng.standard_normal(256).astype(np.float32)
for _ in range(2):
    began = time.perf_counter()
    out = ptx.run(module, x, y)
    print(f"ptx.run (build + launch + copy): {1000 * (time.perf_counter() - began):.1f} ms")
print("max abs error vs NumPy:", float(np.abs(out - (np.exp(-x * x) * np.sin(y) + x ** 2)).max()))
PY
exit "$status"
