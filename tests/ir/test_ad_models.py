"""Compiled gradients (``shapecheck.grad``, through LLVM) of small models equal central finite
differences in float64; the gradient of the MLP costs at most 4x the function (FLOPs on the IR);
the save-or-recompute policies trade residual bytes for recomputation."""

import inspect
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import shapecheck
from shapecheck.ir import run, trace, verify
from shapecheck.ir.ad import ADError, Budget, SaveAll, SaveInputs, flops, grad_module, linearize, transpose
from shapecheck.ir.ad.cost import nbytes
from shapecheck.ir.pipeline import optimize

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_ptx import gpu_available  # noqa: E402


def softmax_xent(z, y):
    m = z.max(axis=-1, keepdims=True)
    e = np.exp(z - m)
    lse = np.log(e.sum(axis=-1, keepdims=True)) + m
    return -(y * (z - lse)).sum(axis=-1).mean()


def layernorm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    d = x - mu
    var = (d * d).mean(axis=-1, keepdims=True)
    return ((d / np.sqrt(var + 1e-5) * g + b) * np.sin(x)).sum()


def mlp(x, w1, b1, w2, b2, y):
    h = np.maximum(x @ w1 + b1, 0.0)
    z = h @ w2 + b2
    d = z - y
    return (d * d).mean()


def conv1d(x, w, b):
    out = w[0] * x[:, 0:6] + w[1] * x[:, 1:7] + w[2] * x[:, 2:8] + b
    return (np.tanh(out) * x[:, ::-1][:, 1:7]).sum()


def _inputs(shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, s) for s in shapes]


def _onehot(n, k, seed=1):
    return np.eye(k)[np.random.default_rng(seed).integers(0, k, n)]


MODELS = {
    "softmax_xent": (softmax_xent, lambda: [*_inputs([(5, 7)]), _onehot(5, 7)]),
    "layernorm": (layernorm, lambda: _inputs([(3, 8), (8,), (8,)])),
    "mlp": (mlp, lambda: _inputs([(4, 6), (6, 5), (5,), (5, 3), (3,), (4, 3)])),
    "conv1d": (conv1d, lambda: _inputs([(3, 8), (3,), (6,)])),
}


def numeric_gradient(fn, args, i, eps=1e-6):
    out = np.zeros_like(args[i])
    for j in np.ndindex(args[i].shape):
        plus = [a.copy() for a in args]
        minus = [a.copy() for a in args]
        plus[i][j] += eps
        minus[i][j] -= eps
        out[j] = (fn(*plus) - fn(*minus)) / (2 * eps)
    return out


@pytest.mark.parametrize("name", list(MODELS))
def test_compiled_gradients_equal_central_differences(name):
    fn, make = MODELS[name]
    args = make()
    wrt = tuple(range(len(args)))
    grads = shapecheck.grad(fn, argnums=wrt)(*args)
    assert len(grads) == len(args)
    for i, g in enumerate(grads):
        assert g.shape == args[i].shape and g.dtype == np.float64
        np.testing.assert_allclose(g, numeric_gradient(fn, args, i), rtol=1e-6, atol=1e-8, err_msg=f"{name} arg {i}")


@pytest.mark.parametrize("name", ["softmax_xent", "layernorm"])
def test_symbolic_shapes_differentiate_and_run_at_any_size(name):
    fn, make = MODELS[name]
    args = make()
    params = list(inspect.signature(fn).parameters)
    shapes = {p: ("n", *a.shape[1:]) if a.ndim == 2 else a.shape for p, a in zip(params, args)}
    module = trace(fn, shapes=shapes, dtypes={p: "f64" for p in params})
    g = verify(grad_module(module))
    assert [p.hint for p in g.functions[0].shape_params] == ["n"]
    got = run(g, args)
    for i, gi in enumerate(got):
        np.testing.assert_allclose(gi, numeric_gradient(fn, args, i), rtol=1e-6, atol=1e-8)


MLP_SHAPES = {"x": ("n", 256), "w1": (256, 512), "b1": (512,), "w2": (512, 10), "b2": (10,), "y": ("n", 10)}


def _mlp_flops(policy=SaveAll()):
    m = trace(mlp, shapes=MLP_SHAPES)
    sizes = {"n": 128}
    f = flops(optimize(m, sizes, fusion=False).functions[0])
    g = flops(optimize(grad_module(m, policy=policy), sizes, fusion=False).functions[0])
    return f, g


def test_cheap_gradient_principle_on_the_mlp():
    f, g = _mlp_flops()
    assert 1.0 < g / f <= 4.0, (f, g)


def test_policies_trade_residual_bytes_for_recomputation():
    m = trace(mlp, shapes=MLP_SHAPES)
    sizes = {"n": 128}

    def measure(policy):
        lin = linearize(m, policy=policy)
        types = {p.name: p.type for p in lin.linear.residual_params}
        saved = sum(nbytes(types[r], sizes) for r in lin.saved if r not in {p.name for p in lin.primal.params})
        work = flops(lin.linear.function, sizes) + flops(transpose(lin.linear).function, sizes)
        return saved, work

    everything, inputs_only = measure(SaveAll()), measure(SaveInputs())
    budget = 128 * 512 * 4   # room for one (n, 512) float32 residual
    in_budget = measure(Budget(budget, sizes))
    assert inputs_only[0] == 0 < in_budget[0] <= budget < everything[0]
    assert everything[1] <= in_budget[1] <= inputs_only[1]
    assert everything[1] < inputs_only[1]


def test_grad_rejects_what_it_cannot_differentiate():
    with pytest.raises(ADError, match="one scalar"):
        shapecheck.grad(lambda_free_vector)(np.ones(3))
    with pytest.raises(ADError, match="not floating-point"):
        shapecheck.grad(int_arg, argnums=1)(np.ones(3), np.ones(3, np.int64))


def lambda_free_vector(x):
    return np.tanh(x)


def int_arg(x, k):
    return (x * k.astype(np.float64)).sum()


PTXAS = shutil.which("ptxas")


def _conv_grad_loops():
    args = MODELS["conv1d"][1]()
    return args, shapecheck.grad(conv1d, argnums=(0, 1, 2)).lower(*args)


@pytest.mark.skipif(PTXAS is None, reason="ptxas (CUDA toolkit) not on PATH")
def test_gradient_kernels_assemble_for_the_gpu(tmp_path):
    _, lowered = _conv_grad_loops()   # slice's transpose (pad) included
    text = lowered.as_text("ptx")
    assert ".entry" in text
    (tmp_path / "grad.ptx").write_text(text)
    proc = subprocess.run([PTXAS, "-arch=sm_90", str(tmp_path / "grad.ptx"), "-o", str(tmp_path / "grad.cubin")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.gpu
@pytest.mark.skipif(not gpu_available(), reason="no NVIDIA GPU / CUDA driver on this machine")
def test_gradient_runs_on_the_gpu():
    from shapecheck.ir import cuda

    args, lowered = _conv_grad_loops()
    on_gpu = cuda.run(lowered.loops, *args)
    for a, b in zip(lowered(*args), on_gpu):
        np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-12)
