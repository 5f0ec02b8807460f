"""The CUDA launcher (``shapecheck/ir/cuda.py``): ``__cuda_array_interface__`` parsing runs
everywhere; launches (NumPy in/out, device arrays in place, fused row kernels, the memory
plan's arena on the device) are marked ``gpu`` and skip with the reason when no GPU is present.
PTX for every program here is still built and assembled by ``ptxas`` where it is installed."""

from __future__ import annotations

import re
import shutil
import subprocess

import numpy as np
import pytest

from shapecheck.ir import compile_to_loops, cuda, trace

NO_GPU = cuda.unavailable()
gpu = [pytest.mark.gpu, pytest.mark.skipif(NO_GPU is not None, reason=f"no GPU: {NO_GPU}")]

SOURCE = '''import numpy as np


def chain(a, b, c):
    return a * b + c


def transcendental(x):
    return np.exp(-x * x) * np.sin(x) + 0.5 * x


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm(x, g, b):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5) * g + b


def mlp(x, w):
    return np.tanh(np.tanh(x @ w) @ w) @ w
'''
NAMESPACE: dict = {}
exec(compile(SOURCE, "<cuda>", "exec"), NAMESPACE)
CASES = {
    "chain": {"a": (1000,), "b": (1000,), "c": (1000,)},
    "transcendental": {"x": (1000,)},
    "softmax": {"x": (300, 97)},
    "layernorm": {"x": (300, 97), "g": (97,), "b": (97,)},
    "mlp": {"x": (70, 32), "w": (32, 32)},
}


def _program(name):
    return compile_to_loops(trace(SOURCE, name, shapes=CASES[name]))


def _args(name, seed=0):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(s) / 4).astype(np.float32) for s in CASES[name].values()]


class Interface:
    def __init__(self, **face):
        self.__cuda_array_interface__ = face


def test_cuda_array_interface_is_read_and_checked():
    view = cuda.device_view(Interface(shape=(3, 4), typestr="<f4", data=(4096, False), version=3))
    assert (view.pointer, view.shape, view.dtype) == (4096, (3, 4), np.dtype(np.float32))
    ok = cuda.device_view(Interface(shape=(3, 4), typestr="<f8", data=(64, False), strides=(32, 8), version=2))
    assert ok.dtype == np.float64
    with pytest.raises(ValueError, match="not C-contiguous"):
        cuda.device_view(Interface(shape=(3, 4), typestr="<f4", data=(64, False), strides=(4, 12), version=3))
    with pytest.raises(TypeError, match="typestr '<c8'"):
        cuda.device_view(Interface(shape=(3,), typestr="<c8", data=(64, False), version=3))
    with pytest.raises(ValueError, match="masked"):
        cuda.device_view(Interface(shape=(3,), typestr="<f4", data=(64, False), version=3, mask=object()))
    with pytest.raises(ValueError, match="aligned"):
        cuda.device_view(Interface(shape=(3,), typestr="<f4", data=(66, False), version=3))
    with pytest.raises(TypeError, match="does not expose"):
        cuda.device_view(np.zeros(3))
    with pytest.raises(TypeError, match="version 2"):
        cuda.device_view(Interface(shape=(3,), typestr="<f4", data=(64, False), version=1))


def test_without_a_gpu_the_reason_is_given():
    if NO_GPU is None:
        pytest.skip("a GPU is present")
    with pytest.raises(cuda.CudaError, match=re.escape(NO_GPU)):
        cuda.run(_program("chain"), *_args("chain"))


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="ptxas (CUDA toolkit) is not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_programs_build_ptx_that_ptxas_assembles(name, tmp_path):
    from shapecheck.ir import ptx
    loops = _program(name)
    path = tmp_path / f"{name}.ptx"
    path.write_text(ptx.ptx_text(loops))
    done = subprocess.run(["ptxas", "-arch=sm_90", str(path), "-o", str(tmp_path / f"{name}.cubin")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.gpu
@pytest.mark.skipif(NO_GPU is not None, reason=f"no GPU: {NO_GPU}")
def test_numpy_in_numpy_out_matches_numpy(name):
    args = _args(name)
    got = cuda.CudaProgram(_program(name))(*args)
    np.testing.assert_allclose(got, NAMESPACE[name](*args), rtol=2e-4, atol=2e-5)


@pytest.mark.gpu
@pytest.mark.skipif(NO_GPU is not None, reason=f"no GPU: {NO_GPU}")
def test_device_arrays_are_used_in_place_and_results_stay_on_the_device():
    program = cuda.CudaProgram(_program("softmax"))
    (x,) = _args("softmax")
    device_x = cuda.DeviceArray.from_host(x)
    out = program(device_x)
    assert isinstance(out, cuda.DeviceArray) and out.shape == x.shape
    view = cuda.device_view(out)   # what CuPy / torch would read
    assert view.pointer == out.pointer and view.dtype == np.float32
    np.testing.assert_allclose(out.copy_to_host(), NAMESPACE["softmax"](x), rtol=2e-4, atol=2e-6)
    again = program(Interface(**device_x.__cuda_array_interface__))   # a foreign object
    np.testing.assert_allclose(again.copy_to_host(), out.copy_to_host())
    with pytest.raises(TypeError, match="all as device arrays"):
        cuda.CudaProgram(_program("chain"))(cuda.DeviceArray.from_host(x[0, :3].copy()), np.ones(3), np.ones(3))


@pytest.mark.gpu
@pytest.mark.skipif(NO_GPU is not None, reason=f"no GPU: {NO_GPU}")
def test_wrong_arguments_are_python_errors_on_the_gpu_path_too():
    program = cuda.CudaProgram(_program("chain"))
    a, b, c = _args("chain")
    with pytest.raises(TypeError):
        program(a.astype(np.float64), b, c)
    with pytest.raises(ValueError):
        program(a[:10], b, c)
    with pytest.raises(TypeError):
        program(a, b)


DIFF = '''def diff(x):
    return x[1:] - x[:-1]
'''


def _symbolic_diff():
    from shapecheck.ir.frontend import trace_guarded
    graph, guards = trace_guarded(DIFF, "diff", shapes={"x": ("n",)}, default_dtype="f64")
    assert guards.sizes, "x[1:] of a symbolic n is exact only for n >= 1"
    return compile_to_loops(graph), guards


def test_a_symbolic_gpu_program_checks_its_size_guards_before_launching():
    # x[1:] - x[:-1] compiled for any n has n - 1 elements only where n >= 1; at n == 0 NumPy
    # gives an empty array. The check comes before any device work, so it is tested without a GPU.
    loops, guards = _symbolic_diff()
    program = cuda.CudaProgram(loops, guards=guards)
    with pytest.raises(cuda.OutsideSizes, match="outside the sizes"):
        program(np.empty(0))
    with pytest.raises(cuda.OutsideSizes):
        program(Interface(shape=(0,), typestr="<f8", data=(64, False), version=3))
    with pytest.raises(cuda.OutsideSizes):
        cuda.run(loops, np.empty(0), guards=guards)


@pytest.mark.gpu
@pytest.mark.skipif(NO_GPU is not None, reason=f"no GPU: {NO_GPU}")
def test_a_symbolic_gpu_program_inside_its_guards_matches_numpy():
    loops, guards = _symbolic_diff()
    program = cuda.CudaProgram(loops, guards=guards)
    for n in (1, 2, 1000):
        x = np.random.default_rng(n).standard_normal(n)
        np.testing.assert_array_equal(program(x), x[1:] - x[:-1])
