"""A matmul with a fused elementwise epilogue (bias, activation) still takes the register-tiled
micro-kernel (``codegen/matmul.py``): the tile's sums are stored, then the epilogue is applied to
each in place; the leftover rows and columns apply it in the dot-product loops. Against NumPy,
for sizes that do and do not fill tiles, under several tile shapes."""

from __future__ import annotations

import numpy as np
import pytest

from shapecheck.ir import compile_to_loops, runtime, trace
from shapecheck.ir.codegen import lower, matmul
from shapecheck.ir.codegen.schedule import Schedule

SOURCE = '''import numpy as np


def bias_relu(x, w, b):
    return np.maximum(x @ w + b, 0.0)


def scaled_tanh(x, w, b):
    return np.tanh(x @ w) * b


def shifted_abs(x, w, b):
    return np.abs(x @ w - b) * 2.0
'''
NAMESPACE: dict = {}
exec(compile(SOURCE, "<epilogue>", "exec"), NAMESPACE)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path))


@pytest.mark.parametrize("name", ["bias_relu", "scaled_tanh", "shifted_abs"])
@pytest.mark.parametrize("n,k,m", [(64, 32, 48), (37, 19, 45), (9, 40, 70)])
@pytest.mark.parametrize("tile", [(4, 2), (6, 2), (8, 1)])
def test_fused_epilogue_matches_numpy(name, n, k, m, tile):
    loops = compile_to_loops(trace(SOURCE, name, shapes={"x": (n, k), "w": (k, m), "b": (m,)}))
    (kernel,) = loops.kernels
    assert kernel.name.startswith("fused_matmul")
    assert any(matmul.match(s) is not None for s in kernel.body), "the micro-kernel should apply"
    rng = np.random.default_rng(n + m)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((n, k), (k, m), (m,)))
    schedule = Schedule(tile_rows=tile[0], tile_vectors=tile[1])
    got = runtime.build(loops, schedule=schedule)(x, w, b)
    np.testing.assert_allclose(got, NAMESPACE[name](x, w, b), rtol=1e-4, atol=1e-4)


def test_an_epilogue_reading_the_output_is_not_a_matmul_nest():
    nest = matmul.match(compile_to_loops(trace(SOURCE, "bias_relu", shapes={"x": (8, 8), "w": (8, 8), "b": (8,)}))
                        .kernels[0].body[0])
    assert nest is not None and nest.epilogue is not None and lower.HOST.vector_bits
