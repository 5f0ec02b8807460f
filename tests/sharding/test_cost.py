"""The per-device cost model: its matmul rule (local FLOPs, partial sums over the contracted split)
checked on the NumPy mesh simulation, and the MLP strategies against Megatron-LM's closed forms."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapecheck.api import cost_of, measure
from shapecheck.sharding.cost import DATA_PARALLEL, MEGATRON, TWO_D, CostError, Strategy, matmul, mlp_block
from shapecheck.sharding.layout import Layout, Mesh, local_shape
from shapecheck.sharding.simulate import distribute, run_step, same_pieces


@st.composite
def matmuls(draw):
    mesh = Mesh((("a", draw(st.sampled_from((1, 2, 3)))), ("b", draw(st.sampled_from((1, 2, 4))))))
    roles = {name: draw(st.sampled_from(("m", "k", "n", "none"))) for name in mesh.names}
    am = tuple(a for a in mesh.names if roles[a] == "m")
    ak = tuple(a for a in mesh.names if roles[a] == "k")
    bn = tuple(a for a in mesh.names if roles[a] == "n")
    sizes = dict(mesh.axes)
    m, k, n = (math.prod(sizes[a] for a in axes) * draw(st.integers(1, 3)) for axes in (am, ak, bn))
    return mesh, (m, k, n), Layout(mesh, (am, ak)), Layout(mesh, (ak, bn))


@settings(max_examples=60, deadline=None)
@given(matmuls())
def test_local_matmuls_give_the_claimed_layout_and_flops(case):
    mesh, (m, k, n), lhs, rhs = case
    out, lines = matmul("x @ w", m, k, n, lhs, rhs, itemsize=4)
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    xs, ws = distribute(x, lhs), distribute(w, rhs)
    local = {d: xs[d] @ ws[d] for d in xs}
    assert lines[-1].flops == 2 * math.prod(next(iter(local.values())).shape) * next(iter(xs.values())).shape[1]
    for axis in out.partial:   # sum the partial products the way psum would; the pieces are then out's
        local = run_step(local, mesh, "all_reduce", (axis,), None, None)
    assert same_pieces(local, distribute(x @ w, Layout(mesh, out.dims)))


MESH = Mesh((("x", 8),))
T, D, F = 8192, 4096, 16384


def test_megatron_forward_is_one_all_reduce_of_the_output():
    cost = mlp_block(T, D, F, MEGATRON(MESH, "x"), itemsize=2)
    assert cost.flops == 2 * 2 * T * D * F // 8
    assert cost.bytes == 2 * 7 * (T * D * 2) // 8   # ring all-reduce of the (T, D) output


def test_data_parallel_trades_forward_traffic_for_gradient_sync():
    forward = mlp_block(T, D, F, DATA_PARALLEL(MESH, "x"), itemsize=2)
    step = mlp_block(T, D, F, DATA_PARALLEL(MESH, "x"), itemsize=2, training=True)
    assert forward.bytes == 0 and forward.flops == 2 * 2 * T * D * F // 8
    assert step.flops == 3 * forward.flops
    assert step.bytes == 2 * (2 * 7 * (D * F * 2) // 8)   # both weights' gradients, all-reduced


def test_which_strategy_moves_less_depends_on_tokens_versus_weights():
    small_batch = [mlp_block(1024, D, F, s, 2, training=True).bytes for s in (MEGATRON(MESH, "x"), DATA_PARALLEL(MESH, "x"))]
    large_batch = [mlp_block(65536, D, F, s, 2, training=True).bytes for s in (MEGATRON(MESH, "x"), DATA_PARALLEL(MESH, "x"))]
    assert small_batch[0] < small_batch[1] and large_batch[0] > large_batch[1]


def test_two_d_strategy_on_a_two_axis_mesh():
    mesh = Mesh((("dp", 2), ("tp", 4)))
    cost = mlp_block(T, D, F, TWO_D(mesh, "dp", "tp"), itemsize=2, training=True)
    assert cost.flops == 3 * 2 * 2 * T * D * F // 8


def test_a_mesh_axis_on_both_result_dims_cannot_run():
    mesh = Mesh((("x", 2),))
    both = Strategy("bad", Layout(mesh, (("x",), ())), Layout(mesh, ((), ("x",))), Layout(mesh, ((), ())))
    with pytest.raises(CostError, match="both dims"):
        mlp_block(8, 4, 4, both)


_LOCAL_MLP = "import jax\n\ndef mlp(x, w1, w2):\n    return jax.nn.gelu(x @ w1) @ w2\n"


@pytest.mark.parametrize("make", [lambda: MEGATRON(MESH, "x"), lambda: DATA_PARALLEL(MESH, "x")],
                         ids=["megatron", "data-parallel"])
def test_per_device_flops_agree_with_shapecheck_cost_of_the_local_body(make):
    """The cost model's per-device matmul FLOPs are what `shapecheck cost` counts for the block's
    body run on one device's pieces (the analyser's own cost table, reused: MACs are contractions)."""
    strategy = make()
    shapes = {"x": (T, D), "w1": (D, F), "w2": (F, D)}
    local = {name: list(local_shape(getattr(strategy, name), shape)) for name, shape in shapes.items()}
    report = cost_of(measure("<mlp>", "mlp", local, source=_LOCAL_MLP))
    assert 2 * report.total.macs == mlp_block(T, D, F, strategy, itemsize=2).flops
