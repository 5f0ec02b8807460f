"""CUDA back end: PTX for sm_90 that ``ptxas`` accepts; GPU execution where a GPU exists."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_llvm_programs import Inputs, elementwise_module, row_reduce_module  # noqa: E402

from shapecheck.ir import loops as L  # noqa: E402
from shapecheck.ir import cuda, faults, loopfront, ptx  # noqa: E402
from shapecheck.constraints import dims  # noqa: E402
from shapecheck.subst.names import fresh_name  # noqa: E402

PTXAS = shutil.which("ptxas")
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason="ptxas (CUDA toolkit) not on PATH")


def assemble(text: str, tmp_path) -> None:
    source = tmp_path / "kernel.ptx"
    source.write_text(text)
    proc = subprocess.run([PTXAS, "-arch=sm_90", str(source), "-o", str(tmp_path / "kernel.cubin")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def transcendental_module():
    inputs = Inputs("f32", ["rc", "c"], 64, 256)
    return elementwise_module(inputs, lambda i, j: L.Binary("add", L.Binary(
        "mul", L.Call("exp", (L.Unary("neg", L.Binary("mul", inputs.load(0, i, j), inputs.load(0, i, j))),)),
        L.Call("sin", (inputs.load(1, i, j),))), L.Call("pow", (inputs.load(0, i, j), L.Const(2.0, "f32")))))


def rounding_module():
    # np.rint/np.trunc lower to LLVM's rint/trunc intrinsics (cvt.rni / cvt.rzi on the GPU)
    inputs = Inputs("f64", ["rc", "rc"], 8, 32)
    return elementwise_module(inputs, lambda i, j: L.Binary(
        "add", L.Call("rint", (inputs.load(0, i, j),)), L.Call("trunc", (inputs.load(1, i, j),))))


def symbolic_reduction_module():
    n, m = fresh_name("n"), fresh_name("m")
    return row_reduce_module("f64", dims.sym(n.key), dims.sym(m.key), "maximum", shape_params=(n, m))


def serial_module():
    # Not a single parallel loop: runs on thread 0 only.
    inputs = Inputs("i64", ["c", "c"], 1, 10)
    module = elementwise_module(inputs, lambda i, j: L.Binary("floordiv", inputs.load(0, i, j), inputs.load(1, i, j)))
    (kernel,) = module.kernels
    serial = L.Kernel(kernel.name, kernel.shape_params, kernel.params,
                      (L.For(kernel.body[0].var, kernel.body[0].start, kernel.body[0].stop, 1,
                             kernel.body[0].body, parallel=False),))
    return L.LoopModule((serial,), module.program)


@needs_ptxas
@pytest.mark.parametrize("make", [transcendental_module, rounding_module, symbolic_reduction_module, serial_module])
def test_ptx_assembles_for_sm_90(make, tmp_path):
    text = ptx.ptx_text(make())
    assert ".target sm_90" in text and ".visible .entry" in text
    assert "__nv_" not in text.split(".visible .entry")[0].replace("// ", ""), "libdevice not linked"
    assemble(text, tmp_path)


def test_split_loop_is_grid_stride():
    text = ptx.ptx_text(transcendental_module())
    for register in ("%tid.x", "%ntid.x", "%ctaid.x", "%nctaid.x"):
        assert register in text


def gpu_available() -> bool:
    return cuda.unavailable() is None


@pytest.mark.gpu
@pytest.mark.skipif(cuda.unavailable() is not None, reason=f"no GPU: {cuda.unavailable()}")
def test_transcendental_kernel_runs_on_gpu():
    module = transcendental_module()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 256)).astype(np.float32)
    y = rng.standard_normal(256).astype(np.float32)
    out = cuda.run(module, x, y)
    np.testing.assert_allclose(out, np.exp(-x * x) * np.sin(y) + x ** 2, rtol=1e-5, atol=1e-6)


def checked_loop_module():
    """Loop code with a run-time index check (``idx[i]`` is not proven in range): its kernel
    writes the fault record (``Program.fault``) in global memory, which the host reads."""
    source = ("def scatter(x, idx):\n    out = np.zeros(x.shape[0])\n    for i in range(idx.shape[0]):\n"
              "        out[idx[i]] += x[i]\n    return out\n")
    return loopfront.trace_loops(source, "scatter", shapes={"x": ("n",), "idx": ("n",)}, dtypes={"idx": "i64"})


@needs_ptxas
def test_a_checked_kernel_records_its_fault_for_the_host(tmp_path):
    module = checked_loop_module()
    text = ptx.ptx_text(module)
    assemble(text, tmp_path)
    fault = len(module.kernels[0].params) - 1   # the fault record: the kernel's last buffer
    assert module.kernels[0].params[fault].shape == (faults.RECORD_WORDS,)
    # the record's address, and the stores of its kind (cleared, then INDEX) and of the size
    record = re.search(rf"ld\.param\.b64\s+(%rd\d+), \[\w+_param_{fault}\];\s+cvta\.to\.global\.u64\s+(%rd\d+), \1;",
                       text).group(2)
    assert re.search(rf"st\.global\.b64\s+\[{record}\], 0;", text)
    assert re.search(rf"st\.global\.b64\s+\[{record}\], {faults.INDEX};", text)
    assert re.search(rf"st\.global\.b64\s+\[{record}\+24\], %rd\d+;", text)


@pytest.mark.gpu
@pytest.mark.skipif(cuda.unavailable() is not None, reason=f"no GPU: {cuda.unavailable()}")
def test_a_failed_check_on_the_gpu_raises_numpys_index_error():
    program = cuda.CudaProgram(checked_loop_module())
    x = np.arange(4.0)
    np.testing.assert_array_equal(program(x, np.array([3, -1, 0, 3])), [2.0, 0.0, 0.0, 4.0])
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        program(x, np.array([0, 4, 1, 2]))


_SCATTER_AND_LIST = """
import numpy as np

def scatter(x, idx, v):
    x[idx] += v
    np.add.at(x, idx, v)
    return x

def collect(x):
    peaks = []
    for i in range(1, x.shape[0] - 1):
        if x[i] > x[i - 1] and x[i] > x[i + 1]:
            peaks.append(i)
    return peaks
"""


@needs_ptxas
@pytest.mark.parametrize("name, shapes", [("scatter", {"x": ("n",), "idx": ("k",), "v": ("k",)}),
                                          ("collect", {"x": ("n",)})])
def test_integer_array_writes_and_lists_assemble_for_sm_90(name, shapes, tmp_path):
    module = loopfront.trace_loops(_SCATTER_AND_LIST, name, shapes=shapes, dtypes={"idx": "i64"} if "idx" in shapes
                                   else {})
    assemble(ptx.ptx_text(module), tmp_path)
