#!/usr/bin/env bash
# The prepared GPU check: run on a lent NVIDIA machine (the workplace's `device` tool), once, briefly.
#
# That machine reaches no package index, so the Python wheels travel with the working tree:
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
#       -d .whl z3-solver llvmlite numpy immutables pathspec libcst pyyaml typing-extensions pytest \
#       iniconfig pluggy packaging hypothesis attrs sortedcontainers
#   cp /usr/local/cuda/nvvm/libdevice/libdevice.10.bc .whl/   # math in kernels links it; a bare machine lacks the toolkit
# then: device run with carry [".whl"] and command `bash tools/gpu-check.sh` (timeout ~300 s).
# Mind the carry limit (64 MiB in all): the wheels above are ~105 MB for Python 3.12 (llvmlite 57 MiB,
# z3-solver 28 MiB, numpy 15 MiB); compiling and launching needs only numpy and llvmlite (z3 is the
# analyser's), and even those two are 72 MiB as wheels. Check `du -sh .whl` first, and run
# `python3 tools/gpu_check.py --dry-run` here (PTX of every program it launches, assembled by
# `ptxas -arch=sm_90`, and each call without a driver giving CudaError) before spending device time.
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
for bc in .whl/libdevice*.bc; do [ -f "$bc" ] && export SHAPECHECK_LIBDEVICE="$PWD/$bc"; done
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/device.txt"
export PYTHONUNBUFFERED=1
if ! python3 -c "import numpy, llvmlite" 2>"$out/imports.txt"; then
    echo "gpu-check: python3 $(python3 -V 2>&1) lacks numpy or llvmlite: carry .whl (see the header)" | tee -a "$out/imports.txt"
    exit 2
fi
# What needs no GPU first (PTX built and linked with libdevice for every program launched below):
# a failure here is the build's, not the device's, and costs seconds, not the device's minutes.
python3 tools/gpu_check.py --dry-run 2>&1 | tee "$out/dry-run.txt"
python3 -m pytest -m gpu tests/ir -q -rs -p no:cacheprovider 2>&1 | tee "$out/gpu-tests.txt"
status=${PIPESTATUS[0]}
python3 tools/gpu_check.py 2>&1 | tee "$out/gpu-check.txt"
check=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && status=$check
exit "$status"
