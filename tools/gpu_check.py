"""The GPU part of ``tools/gpu-check.sh``: results against NumPy and bandwidth, on GPU 0.

Prints one line per check; exits 1 if a result disagrees with NumPy. Bandwidth: device-to-device
copy (``cuda.bandwidth``) is the ceiling; an elementwise kernel ``a * b + c`` over 2**26 float32
moves 16 bytes per element (three reads, one write) and is reported as a share of that ceiling
(goal: 80%).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from shapecheck.ir import compile_to_loops, cuda, ptx, trace  # noqa: E402
from shapecheck.ir.frontend import trace_guarded  # noqa: E402
from tests.ir.test_cuda_launch import NAMESPACE, SOURCE  # noqa: E402

# The programs of the launcher's tests, at sizes that measure something.
CHECKS = {
    "chain": {"a": (1 << 20,), "b": (1 << 20,), "c": (1 << 20,)},
    "transcendental": {"x": (1 << 20,)},
    "softmax": {"x": (4096, 1024)},
    "layernorm": {"x": (4096, 1024), "g": (1024,), "b": (1024,)},
    "mlp": {"x": (512, 256), "w": (256, 256)},
}
BANDWIDTH_ELEMENTS = 1 << 26   # a*b+c over this many float32: 1 GiB moved per run


def programs():
    """Every program ``main`` launches, as (label, CudaProgram, argument shapes): built here, PTX
    and all, without a device (``CudaProgram`` touches the driver only when first called)."""
    for name, shapes in CHECKS.items():
        graph, guards = trace_guarded(SOURCE, name, shapes=shapes)
        yield name, cuda.CudaProgram(compile_to_loops(graph), guards=guards), shapes
    graph, guards = trace_guarded("def diff(x):\n    return x[1:] - x[:-1]\n", "diff", shapes={"x": ("n",)})
    yield "diff", cuda.CudaProgram(compile_to_loops(graph), guards=guards), {"x": (7,)}
    n = BANDWIDTH_ELEMENTS
    yield "chain 2**26", cuda.CudaProgram(compile_to_loops(trace(SOURCE, "chain", shapes={"a": (n,), "b": (n,), "c": (n,)}))), \
        {"a": (n,), "b": (n,), "c": (n,)}


def dry_run(out: str) -> int:
    """What needs no GPU: every program's PTX built (libdevice linked where it calls math) and
    assembled by ``ptxas -arch=sm_90`` when the toolkit is here, and a call of each without a
    device, which must be the driver's clear CudaError (never a crash)."""
    os.makedirs(out, exist_ok=True)
    print(f"libdevice: {ptx.libdevice_path() or 'NOT FOUND (set SHAPECHECK_LIBDEVICE)'}; "
          f"ptxas: {shutil.which('ptxas') or 'not on PATH'}; driver: {cuda.unavailable() or 'present'}")
    failed = 0
    for label, program, shapes in programs():
        path = os.path.join(out, label.replace(" ", "_").replace("*", "") + ".ptx")
        with open(path, "w") as f:
            f.write(program.ptx)
        assembled = "ptxas not run"
        if shutil.which("ptxas"):
            done = subprocess.run(["ptxas", "-arch=sm_90", path, "-o", path[:-4] + ".cubin"],
                                  capture_output=True, text=True)
            assembled = "ptxas sm_90 ok" if done.returncode == 0 else f"ptxas FAILED: {done.stderr.strip()[:300]}"
            failed += done.returncode != 0
        call = "launch not tried (a driver is present)"
        if cuda.unavailable():
            try:
                program(*[np.zeros(s, np.float32) for s in shapes.values()])
                call, failed = "BAD: ran without a driver", failed + 1
            except cuda.CudaError as error:
                call = f"CudaError: {error}"
        print(f"{label:15s} {len(program.module.kernels)} kernel(s), {len(program.ptx):7d} bytes of PTX; {assembled}; {call}")
    return 1 if failed else 0


def main() -> int:
    if "--dry-run" in sys.argv:
        return dry_run(os.path.join(os.environ.get("OUT", "/tmp/gpu-check"), "ptx"))
    reason = cuda.unavailable()
    if reason:
        print(f"skipped: {reason}")
        return 0
    rng = np.random.default_rng(0)
    failed = 0
    for name, shapes in CHECKS.items():
        started = time.perf_counter()
        graph, guards = trace_guarded(SOURCE, name, shapes=shapes)
        program = cuda.CudaProgram(compile_to_loops(graph), guards=guards)
        built = time.perf_counter() - started
        args = [(rng.standard_normal(s) / 8).astype(np.float32) for s in shapes.values()]
        got = program(*args)
        want = NAMESPACE[name](*args)
        error = float(np.max(np.abs(got - want) / (np.abs(want) + 1e-3)))
        ok = np.allclose(got, want, rtol=2e-4, atol=2e-5)
        failed += not ok
        device_args = [cuda.DeviceArray.from_host(a) for a in args]
        seconds = program.time(*device_args, repeat=10)
        print(f"{name:15s} {'ok ' if ok else 'BAD'} max rel error {error:.2e}  build {built * 1e3:7.1f} ms  "
              f"device time {seconds * 1e3:8.3f} ms")
    # One symbolic-shape program (compiled once for any n) at several sizes, and its guard at n == 0.
    graph, guards = trace_guarded("def diff(x):\n    return x[1:] - x[:-1]\n", "diff", shapes={"x": ("n",)})
    program = cuda.CudaProgram(compile_to_loops(graph), guards=guards)
    for n in (1, 7, 1 << 20):
        x = rng.standard_normal(n).astype(np.float32)
        ok = np.array_equal(program(x), x[1:] - x[:-1])
        failed += not ok
        print(f"diff (n symbolic) at n={n:<8d} {'ok ' if ok else 'BAD'}")
    try:
        program(np.empty(0, np.float32))
        failed += 1
        print("diff at n=0      BAD: ran outside its size guards")
    except cuda.OutsideSizes:
        print("diff at n=0      ok  (OutsideSizes: outside its guards)")
    ceiling = cuda.bandwidth()
    n = BANDWIDTH_ELEMENTS
    program = cuda.CudaProgram(compile_to_loops(trace(SOURCE, "chain", shapes={"a": (n,), "b": (n,), "c": (n,)})))
    arrays = [cuda.DeviceArray.from_host(np.full(n, k, np.float32)) for k in (1.0, 2.0, 3.0)]
    seconds = program.time(*arrays, repeat=20)
    achieved = 16 * n / seconds
    print(f"copy bandwidth {ceiling / 1e9:.0f} GB/s; a*b+c over 2**26 f32: {achieved / 1e9:.0f} GB/s "
          f"= {100 * achieved / ceiling:.0f}% of copy (goal 80%)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
