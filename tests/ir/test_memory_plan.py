"""Memory planning (``shapecheck/ir/memory.py``): invariants M1-M3 over random programs, planned
execution against the reference interpreter, and ``f.lower(...).memory()``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ir_programs import inputs, programs, traced

import shapecheck
from shapecheck.constraints import dims
from shapecheck.ir import loops as L
from shapecheck.ir.interp import run, run_kernel, run_loop_module
from shapecheck.ir.memory import ITEM_BYTES, plan_memory
from shapecheck.ir.pipeline import compile_to_loops
from shapecheck.ir.runtime import arena_view
from shapecheck.subst.names import fresh_name


@pytest.fixture(autouse=True, scope="module")
def private_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path_factory.mktemp("sc-cache")))
        yield


N = fresh_name("n")
SHAPE_CHOICES = [(4,), (2, 2), (8,), (N.key,), (2, N.key), (N.key, 2), (3,)]
DTYPES = ["f32", "f64", "i32", "bool"]


@st.composite
def random_programs(draw):
    """A program of one-output kernels: call k writes temp k and reads earlier buffers. Bodies
    are empty: planning looks only at which call writes and reads which buffer."""
    x = L.Buffer(fresh_name("x"), "f32", (N.key,))
    buffers = [x]
    calls, kernels, temps = [], [], []
    for k in range(draw(st.integers(1, 9))):
        shape = tuple(dims.sym(d) if isinstance(d, str) else d for d in draw(st.sampled_from(SHAPE_CHOICES)))
        temp = L.Buffer(fresh_name(f"t{k}"), draw(st.sampled_from(DTYPES)), shape)
        reads = draw(st.lists(st.sampled_from(buffers), min_size=1, max_size=3, unique_by=lambda b: b.name))
        params = tuple(L.Buffer(fresh_name("p"), b.dtype, b.shape) for b in reads)
        out = L.Buffer(fresh_name("o"), temp.dtype, temp.shape, output=True)
        kernels.append(L.Kernel(f"k{k}", (), (*params, out), ()))
        calls.append(L.KernelCall(f"k{k}", (*(b.name for b in reads), temp.name), ()))
        temps.append(temp)
        buffers.append(temp)
    outputs = tuple(draw(st.lists(st.sampled_from(temps), min_size=1, max_size=2, unique_by=lambda b: b.name)))
    program = L.Program("p", (N,), (x,), tuple(temps), tuple(calls), tuple(b.name for b in outputs))
    return L.LoopModule(tuple(kernels), program)


@settings(max_examples=200, deadline=None)
@given(random_programs(), st.integers(0, 6))
def test_live_buffers_never_overlap_and_blocks_fit(module, n):
    plan = plan_memory(module)
    env = {N.key: n}
    temps = {b.name: b for b in module.program.temps}
    live = {name: (first, last) for name, first, last in plan.live}
    placed = []
    for name, block in plan.block_of:
        size = dims.evaluate(dims.product(temps[name].shape), env) * ITEM_BYTES[temps[name].dtype]
        assert size == dims.evaluate(plan.block_sizes[block], env)                  # M2
        start = dims.evaluate(plan.block_offsets[block], env)
        placed.append((name, start, start + size))
        assert start + size <= dims.evaluate(plan.arena_bytes, env)
    for a, a0, a1 in placed:                                                          # M1
        for b, b0, b1 in placed:
            if a == b or a1 <= b0 or b1 <= a0 or a0 == a1 or b0 == b1:
                continue
            (fa, la), (fb, lb) = live[a], live[b]
            assert la < fb or lb < fa, f"{a.hint} and {b.hint} share bytes while both live"
    assert not set(module.program.outputs) & set(dict(plan.block_of))               # outputs own theirs
    report = plan.report(env)                                                          # M3
    total = sum(dims.evaluate(dims.product(b.shape), env) * ITEM_BYTES[b.dtype] for b in module.program.temps)
    assert report.before == total
    assert report.after == report.arena + sum(
        dims.evaluate(dims.product(temps[o].shape), env) * ITEM_BYTES[temps[o].dtype] for o in module.program.outputs)


def _run_in_arena(module: L.LoopModule, args):
    """The reference interpreter running a program with its temps placed by the plan: a plan
    that let a live buffer be overwritten would change the answer."""
    program = module.program
    plan = plan_memory(module)
    values = L.bind_shape_params(program, {b.name: a.shape for b, a in zip(program.inputs, args)})
    env = {name.key: v for name, v in values.items()}
    arena = np.full(dims.evaluate(plan.arena_bytes, env), 0xAB, np.uint8)   # garbage, not zeros
    buffers = dict(zip((b.name for b in program.inputs), args))
    for temp in program.temps:
        shape = tuple(dims.evaluate(d, env) for d in temp.shape)
        dtype = np.dtype({"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64,
                          "bool": np.bool_}[temp.dtype])
        offset = plan.offset(temp.name)
        buffers[temp.name] = np.empty(shape, dtype) if offset is None else \
            arena_view(arena, dims.evaluate(offset, env), shape, dtype)
    for call in program.calls:
        kernel = module.kernel(call.kernel)
        shapes = {p: dims.evaluate(d, env) for p, d in zip(kernel.shape_params, call.shape_args)}
        run_kernel(kernel, {p.name: buffers[b] for p, b in zip(kernel.params, call.buffers)}, shapes)
    return [buffers[name] for name in program.outputs]


@settings(max_examples=25, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_planned_execution_matches_the_reference_interpreter(source, seed):
    module = traced(source)
    args = inputs(seed, n=3)
    loops = compile_to_loops(module)
    (want,) = run_loop_module(loops, args)
    (got,) = _run_in_arena(loops, args)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got, run(module, args), rtol=1e-4, atol=1e-5)


def mlp(x, w):
    h = np.tanh(x @ w)
    h = np.tanh(h @ w)
    h = np.tanh(h @ w)
    h = np.tanh(h @ w)
    return h @ w


def _mlp_args(n=256):
    rng = np.random.default_rng(0)
    return rng.standard_normal((n, 64)).astype(np.float32), (rng.standard_normal((64, 64)) / 8).astype(np.float32)


def test_lower_memory_reports_the_planned_peak():
    x, w = _mlp_args()
    compiled = shapecheck.jit(mlp)
    np.testing.assert_allclose(compiled(x, w), mlp(x, w), rtol=1e-4, atol=1e-5)
    report = compiled.lower(x, w).memory()
    layer = 256 * 64 * 4
    # Four intermediates, two live at a time; the output is allocated on its own.
    assert (report.before, report.after, report.temps, report.blocks) == (5 * layer, 3 * layer, 4, 2)
    assert "327,680 before planning, 196,608 after" in str(report)


def test_symbolic_plan_serves_every_size_and_needs_the_sizes_to_report():
    compiled = shapecheck.jit(mlp, shapes={"x": ("n", 64), "w": (64, 64)})
    for n in (1, 7, 300):
        x, w = _mlp_args(n)
        np.testing.assert_allclose(compiled(x, w), mlp(x, w), rtol=1e-4, atol=1e-5)
    lowered = compiled.lower(*_mlp_args(5))
    assert lowered.memory(n=10).after == 3 * 10 * 64 * 4
    with pytest.raises(TypeError, match="memory\\(\\) needs the sizes of n"):
        lowered.memory()


def test_sizes_normal_forms_cannot_equate_go_to_the_prover():
    n, m = fresh_name("n"), fresh_name("m")
    x = L.Buffer(fresh_name("x"), "f32", (dims.sym(n.key), dims.sym(m.key)))
    a, b, c = (L.Buffer(fresh_name(h), "f32", (dims.sym(d.key),)) for h, d in (("a", n), ("b", n), ("c", m)))
    result = L.Buffer(fresh_name("o"), "f32", (1,))
    kernels, calls = [], []
    for k, (reads, out) in enumerate([((x,), a), ((a,), b), ((b,), c), ((c,), result)]):
        params = tuple(L.Buffer(fresh_name("p"), r.dtype, r.shape) for r in reads)
        kernels.append(L.Kernel(f"k{k}", (), (*params, L.Buffer(fresh_name("q"), out.dtype, out.shape, output=True)), ()))
        calls.append(L.KernelCall(f"k{k}", (*(r.name for r in reads), out.name), ()))
    program = L.Program("p", (n, m), (x,), (a, b, c, result), tuple(calls), (result.name,))
    module = L.LoopModule(tuple(kernels), program)
    asked = []

    def n_equals_m(pred):   # as if the constraints made n == m
        asked.append(pred)
        return True
    plan = plan_memory(module, prove=n_equals_m)
    assert asked and plan.offset(c.name) == plan.offset(a.name)   # c reuses a's block (a died at call 1)
    assert plan_memory(module).offset(c.name) != plan.offset(a.name)   # Z3 cannot prove n == m
