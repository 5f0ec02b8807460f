"""Loop-invariant loads read before their loop (``ir/passes/hoist.py``): the meaning of every
loop kernel survives (reference interpreter, before and after), a load moves only when its
indices are provably in bounds and its buffer unwritten, and the n-body inner loop, freed of the
masked loads, vectorizes."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

import numpy as np
import pytest

import loop_functions as F
from results import assert_same_results
import shapecheck
from shapecheck.ir import loops as L
from shapecheck.ir.codegen import target
from shapecheck.ir.interp import run_loop_module
from shapecheck.ir.loopfront import trace_loops, uses_loops
from shapecheck.ir.passes.hoist import hoist_invariant_loads

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "benchmarks"))
import kernels_numba_style as K  # noqa: E402


def _traced(fn, args, symbolic=False):
    shapes = {name: tuple(f"{name}{axis}" for axis in range(np.ndim(a))) if symbolic else np.shape(a)
              for name, a in zip(fn.__code__.co_varnames, args)}
    dtypes = {name: {"float64": "f64", "int64": "i64", "bool": "bool"}[np.asarray(a).dtype.name]
              for name, a in zip(fn.__code__.co_varnames, args)}
    return trace_loops(fn, shapes=shapes, dtypes=dtypes)


def _hoisted(module: L.LoopModule) -> L.LoopModule:
    return replace(module, kernels=tuple(hoist_invariant_loads(k) for k in module.kernels))


def _lets(body) -> list:
    out = []
    for st in body:
        if type(st) is L.Let and type(st.value) is L.Load:
            out.append(st)
        for nested in L.nested_bodies(st):
            out += _lets(nested)
    return out


CASES = [(kernel, make(7, seed=1)) for kernel, make in K.KERNELS.values() if uses_loops(kernel)] + [
    (F.clipped, (np.random.default_rng(0).standard_normal((4, 5)), -0.5, 0.5)),
    (F.row_sums_symbolic, (np.random.default_rng(1).standard_normal((3, 6)),)),
    (F.positive_sum_every_third, (np.arange(-5.0, 9.0),)),
]


@pytest.mark.parametrize("symbolic", [False, True], ids=["constant", "symbolic"])
@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_hoisting_keeps_the_meaning(fn, args, symbolic):
    args = tuple(np.asarray(a) for a in args)
    module = _traced(fn, args, symbolic)
    assert_same_results(run_loop_module(_hoisted(module), args), run_loop_module(module, args))


@pytest.mark.parametrize("shapes", [{"pos": (5, 3), "vel": (5, 3), "mass": (5,), "dt": ()},
                                    {"pos": ("n", 3), "vel": ("n", 3), "mass": ("n",), "dt": ()}],
                         ids=["constant", "symbolic"])
def test_nbody_reads_body_i_once_per_outer_iteration(shapes):
    module = trace_loops(K.nbody_step, shapes=shapes)
    hoisted = {let.value.buffer.hint: [] for let in _lets(_hoisted(module).kernels[0].body)}
    for let in _lets(_hoisted(module).kernels[0].body):
        hoisted[let.value.buffer.hint].append(tuple(type(i).__name__ for i in let.value.indices))
    # pos[i, 0..2] out of the j loop; dt out of the update loop; nothing read at j or k stays out
    assert hoisted == {"pos": [("Var", "Const")] * 3, "dt": [()]}


def _kernel(body, shape=(8,), written=False):
    x, out = L.Buffer(_name("x"), "f64", shape, output=written), L.Buffer(_name("out"), "f64", (1,), output=True)
    return L.Kernel("k", (), (x, out), body), x.name, out.name


def _name(hint):
    from shapecheck.subst.names import fresh_name
    return fresh_name(hint)


def _loop(var, stop, body):
    return L.For(var, L.Const(0, "i64"), L.Const(stop, "i64"), 1, body)


@pytest.mark.parametrize("offset, stop, written, moves", [
    (0, 8, False, True),     # x[i] for i < 8, x of 8: in bounds
    (1, 8, False, False),    # x[i + 1] reaches x[8]
    (1, 7, False, True),     # ... unless i < 7
    (0, 9, False, False),    # i < 9 over 8 elements
    (0, 8, True, False),     # the kernel writes x: a store in the loop may change it
])
def test_a_load_moves_only_when_in_bounds_and_unwritten(offset, stop, written, moves):
    i, j = _name("i"), _name("j")
    k0, x, out = _kernel((), written=written)
    index = L.Binary("add", L.Var(i, "i64"), L.Const(offset, "i64"))
    inner = _loop(j, 4, (L.If(L.Compare("eq", L.Var(j, "i64"), L.Const(2, "i64")),
                              (L.Store(out, (L.Const(0, "i64"),), L.Load(x, (index,), "f64")),)),))
    body = (_loop(i, stop, (inner,)),)
    if written:
        body += (L.Store(x, (L.Const(0, "i64"),), L.Const(1.0, "f64")),)
    hoisted = hoist_invariant_loads(replace(k0, body=body))
    assert bool(_lets(hoisted.body)) is moves


def test_a_parallel_loop_keeps_its_loads():
    i = _name("i")
    k0, x, out = _kernel(())
    loop = replace(_loop(i, 4, (L.Store(out, (L.Const(0, "i64"),), L.Load(x, (L.Const(3, "i64"),), "f64")),)),
                   parallel=True)
    assert hoist_invariant_loads(replace(k0, body=(loop,))).body == (loop,)


@pytest.fixture
def avx512_target(monkeypatch):
    """Kernels optimised for an AVX-512 CPU, whatever the host is. Whether this loop vectorizes
    is LLVM's cost model's call for the target: its strided x/y/z loads and sqrt are vectorized
    for skylake-avx512 and znver4 and left scalar for haswell, skylake and znver3 (LLVM 20 and 22
    alike), so the test pins the CPU; what it checks is that our IR leaves the vectorizer free
    to choose (no masked loads in the loop), not the host's cost tables."""
    pinned = target.HostTarget(target.llvm.get_process_triple(), "skylake-avx512",
                               "+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx512cd,+avx2,+avx,+fma")
    target.initialize()
    target.host_machine.cache_clear()
    monkeypatch.setattr(target, "host", lambda: pinned)
    yield
    target.host_machine.cache_clear()


def test_nbody_inner_loop_vectorizes(avx512_target):
    text = shapecheck.jit(K.nbody_step).lower(*K._bodies(64)).as_text("llvm")
    assert "@llvm.sqrt.v" in text
