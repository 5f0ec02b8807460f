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
# results compared with NumPy), then tools/gpu_check.py (results against NumPy for elementwise, row
# and matmul programs, device times, copy bandwidth and an elementwise kernel's share of it), and
# prints the device and the timings, into $OUT when set.
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
python3 tools/gpu_check.py 2>&1 | tee "$out/gpu-check.txt"
check=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && status=$check
exit "$status"
