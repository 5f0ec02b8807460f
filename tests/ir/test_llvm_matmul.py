"""The tiled matmul micro-kernel (``codegen.matmul``) against NumPy, in both nest forms, over
shapes that exercise full tiles, leftover rows and leftover columns, and thread splits."""

from __future__ import annotations

import numpy as np
import pytest

from shapecheck.ir import loops as L
from shapecheck.ir import runtime
from shapecheck.ir.codegen import matmul
from shapecheck.subst.names import fresh_name

I = L.INDEX
NP_DTYPE = {"f32": np.float32, "f64": np.float64}


@pytest.fixture(autouse=True, scope="module")
def private_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path_factory.mktemp("sc-cache")))
        yield


def _v(name):
    return L.Var(name, I)


def _c(value):
    return L.Const(value, I)


def matmul_module(form: str, dtype: str, batch: int, n: int, k: int, m: int) -> L.LoopModule:
    """``out = a @ w`` as loop IR, in the pipeline's dot-product form or the i-k-j form."""
    a, w, out, bb, i, j, kk, acc = (fresh_name(s) for s in "a w out b i j k acc".split())
    lead = (_v(bb),) if batch else ()
    a_ik = L.Load(a, lead + (_v(i), _v(kk)), dtype)
    w_kj = L.Load(w, lead + (_v(kk), _v(j)), dtype)
    out_ij = lead + (_v(i), _v(j))
    zero = L.Const(0.0, dtype)
    if form == "dot":
        row = (L.For(j, _c(0), _c(m), 1, (
            L.Let(acc, dtype, zero),
            L.For(kk, _c(0), _c(k), 1, (L.Assign(acc, L.Binary("add", L.Var(acc, dtype), L.Binary("mul", a_ik, w_kj))),)),
            L.Store(out, out_ij, L.Var(acc, dtype))), parallel=True),)
    else:
        row = (L.For(j, _c(0), _c(m), 1, (L.Store(out, out_ij, zero),)),
               L.For(kk, _c(0), _c(k), 1, (L.For(j, _c(0), _c(m), 1, (L.Store(out, out_ij, L.Binary(
                   "add", L.Load(out, out_ij, dtype), L.Binary("mul", w_kj, a_ik))),)),)))
    rows = L.For(i, _c(0), _c(n), 1, row, parallel=True)
    body = (L.For(bb, _c(0), _c(batch), 1, (rows,), parallel=True),) if batch else (rows,)
    shapes = [(n, k), (k, m), (n, m)]
    if batch:
        shapes = [(batch,) + s for s in shapes]
    bufs = (L.Buffer(a, dtype, shapes[0]), L.Buffer(w, dtype, shapes[1]), L.Buffer(out, dtype, shapes[2], output=True))
    kernel = L.Kernel("mm", (), bufs, body)
    program = L.Program("mm", (), bufs[:2], bufs[2:], (L.KernelCall("mm", (a, w, out), ()),), (out,))
    return L.LoopModule((kernel,), program)


@pytest.mark.parametrize("form", ["dot", "ikj"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("batch, n, k, m", [
    (0, 8, 16, 32),      # whole tiles only
    (0, 7, 13, 21),      # leftover rows and columns
    (0, 33, 64, 45),
    (3, 9, 5, 19),       # batched
    (0, 1, 3, 40),       # fewer rows than a tile
])
def test_matches_numpy(form, dtype, batch, n, k, m):
    module = matmul_module(form, dtype, batch, n, k, m)
    rng = np.random.default_rng(n * 1000 + m)
    lead = (batch,) if batch else ()
    a = rng.standard_normal(lead + (n, k)).astype(NP_DTYPE[dtype])
    w = rng.standard_normal(lead + (k, m)).astype(NP_DTYPE[dtype])
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == "f32" else dict(rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(runtime.build(module)(a, w), a @ w, **tol)


@pytest.mark.parametrize("form", ["dot", "ikj"])
def test_both_forms_are_recognised(form):
    kernel = matmul_module(form, "f64", 0, 64, 64, 64).kernels[0]
    nest = matmul.match(kernel.body[0])
    assert nest is not None and nest.dtype == "f64"
    assert matmul.worthwhile(nest, 64, lanes=4)


def test_tiles_reach_the_object_code():
    module = matmul_module("dot", "f64", 0, 64, 64, 64)
    text = runtime.llvm_ir(module).ir_text
    assert "llvm.fmuladd.v" in text


def test_other_nests_are_left_alone():
    # out[i, j] = sum_k a[i, k] * a[i, k]: not a product of two matrices.
    module = matmul_module("dot", "f64", 0, 8, 8, 8)
    kernel = module.kernels[0]
    (rows,) = kernel.body
    j_loop = rows.body[0]
    let, k_loop, store = j_loop.body
    update = k_loop.body[0]
    square = L.Binary("mul", update.value.rhs.lhs, update.value.rhs.lhs)
    changed = L.For(rows.var, rows.start, rows.stop, 1, (L.For(j_loop.var, j_loop.start, j_loop.stop, 1, (
        let, L.For(k_loop.var, k_loop.start, k_loop.stop, 1, (L.Assign(update.var, L.Binary(
            "add", update.value.lhs, square)),)), store)),))
    assert matmul.match(changed) is None
    # Small batched products keep the plain loops (LLVM unrolls them completely).
    nest = matmul.match(matmul_module("dot", "f64", 10, 4, 4, 4).kernels[0].body[0].body[0])
    assert nest is not None and not matmul.worthwhile(nest, 4, lanes=4)


def test_thread_split_rows_match(monkeypatch):
    monkeypatch.setenv("SHAPECHECK_NUM_THREADS", "3")
    monkeypatch.setattr(runtime, "PARALLEL_MIN_ELEMENTS", 1)
    module = matmul_module("dot", "f64", 0, 50, 30, 40)   # 50 rows in 3 chunks: 17 + 17 + 16
    compiled = runtime.build(module)
    (_, _, _, chunks), = compiled.plan.steps
    assert len(chunks) == 3
    rng = np.random.default_rng(9)
    a, w = rng.standard_normal((50, 30)), rng.standard_normal((30, 40))
    np.testing.assert_allclose(compiled(a, w), a @ w, rtol=1e-12, atol=1e-12)
