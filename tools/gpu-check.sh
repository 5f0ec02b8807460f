#!/usr/bin/env bash
# The prepared GPU check: run on a lent NVIDIA machine (the workplace's `device` tool), once, briefly.
#
# That machine reaches no package index, and the device tool carries at most 64 MiB with the tree. The
# wheels (CPython 3.12 here; match the device's python) are 105 MB (llvmlite 57 MiB, z3-solver 28 MiB,
# numpy 15 MiB): too much. Compiling and launching need numpy and llvmlite only (z3 is the analyser's,
# which the GPU-marked tests import; gpu_check.py does not), so carry those two unpacked and xz'd
# (48 MiB measured, 2026-12-02) with libdevice:
#   echo /.whl/ >> .git/info/exclude; mkdir -p .whl /tmp/wheels /tmp/site
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 -d /tmp/wheels llvmlite numpy
#   for w in /tmp/wheels/*.whl; do python3 -m zipfile -e "$w" /tmp/site; done
#   tar -C /tmp/site -cf - . | xz -6 -T0 > .whl/site.tar.xz
#   cp /usr/local/cuda/nvvm/libdevice/libdevice.10.bc .whl/   # math in kernels links it; a bare machine lacks the toolkit
#   du -sh .whl      # under 64 MiB
# then: device run with carry [".whl"] and command `bash tools/gpu-check.sh` (timeout ~300 s). Wheels
# (.whl/*.whl) are installed too, if carried instead. Run `python3 tools/gpu_check.py --dry-run` here
# first (PTX of every program it launches, assembled by `ptxas -arch=sm_90`, and each call without a
# driver giving CudaError) before spending device time.
#
# It runs the GPU-marked tests (PTX built by LLVM's NVPTX back end, loaded with the CUDA driver API,
# results compared with NumPy), then tools/gpu_check.py (results against NumPy for elementwise, row
# and matmul programs, device times, copy bandwidth and an elementwise kernel's share of it), and
# prints the device and the timings, into $OUT when set.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${OUT:-/tmp/gpu-check}"
mkdir -p "$out"
export PYTHONPATH="$PWD"
mkdir -p /tmp/site
for archive in .whl/*.tar.xz; do
    [ -f "$archive" ] && tar -C /tmp/site -xJf "$archive" && export PYTHONPATH="/tmp/site:$PWD"
done
if compgen -G ".whl/*.whl" > /dev/null; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
        && export PYTHONPATH="/tmp/site:$PWD"
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
if python3 -c "import pytest, z3" 2>/dev/null; then
    python3 -m pytest -m gpu tests/ir -q -rs -p no:cacheprovider 2>&1 | tee "$out/gpu-tests.txt"
    status=${PIPESTATUS[0]}
else   # the tests import the analyser (z3) and pytest: not carried, gpu_check.py alone checks the device
    echo "gpu-check: pytest or z3 not importable: the GPU-marked tests are skipped" | tee "$out/gpu-tests.txt"
    status=0
fi
python3 tools/gpu_check.py 2>&1 | tee "$out/gpu-check.txt"
check=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && status=$check
exit "$status"
