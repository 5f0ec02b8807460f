"""Fusion across reductions (``passes/rows.py``): each row group is one kernel, and its results
agree with NumPy, through the reference interpreter (graph and loop level) and compiled code.

The oracle is NumPy running the same source; shapes include one row, one column, odd sizes and
symbolic rows. Golden texts of the fused kernels are ``tests/cases_ir/*_rows.py``,
``softmax_fuse.py``, ``layernorm_loops.py`` and ``moments_multi_output.py``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shapecheck
from shapecheck.ir import interp, trace
from shapecheck.ir.pipeline import compile_to_loops

import row_programs


@pytest.fixture(autouse=True, scope="module")
def private_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path_factory.mktemp("sc-cache")))
        yield



NAMESPACE = vars(row_programs)
SOURCE = Path(row_programs.__file__).read_text()

# name -> (argument shapes given the row and column counts, kernels expected)
CASES = {
    "softmax": (lambda r, c: [(r, c)], 1),
    "log_softmax": (lambda r, c: [(r, c)], 1),
    "layernorm": (lambda r, c: [(r, c), (c,), (c,)], 1),
    "layernorm_eps": (lambda r, c: [(r, c), (c,), (c,), ()], 1),   # a 0-d argument joins the group
    "rmsnorm": (lambda r, c: [(r, c), (c,)], 1),
    "cross_entropy": (lambda r, c: [(r, c), (r, c)], 2),   # the row kernel, then the mean over rows
    "moments": (lambda r, c: [(r, c)], 1),
    "centered_and_scaled": (lambda r, c: [(r, c)], 1),
    "rows_3d": (lambda r, c: [(r, 3, c)], 1),
    "vector_softmax": (lambda r, c: [(c,)], 1),
}
SHAPES = [(1, 1), (1, 7), (5, 1), (3, 17), (64, 33)]


def _inputs(shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(s) * 3).astype(np.float32) for s in shapes]


def _close(got, want):
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=2e-4, atol=2e-5)


def _module(name, shapes):
    params = NAMESPACE[name].__code__.co_varnames[:NAMESPACE[name].__code__.co_argcount]
    return trace(SOURCE, name, shapes=dict(zip(params, shapes)))


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("rows,cols", SHAPES)
def test_compiled_matches_numpy(name, rows, cols):
    shapes_of, kernels = CASES[name]
    args = _inputs(shapes_of(rows, cols))
    compiled = shapecheck.jit(NAMESPACE[name])
    _close(compiled(*args), NAMESPACE[name](*args))
    if cols > 1:   # rows of one element: full and row shapes coincide, nothing to fuse across
        assert len(compiled.lower(*args).spec.loops.kernels) == kernels


@pytest.mark.parametrize("name", sorted(CASES))
def test_reference_interpreter_agrees_before_and_after_lowering(name):
    shapes = CASES[name][0](6, 9)
    module = _module(name, shapes)
    args = _inputs(shapes, seed=1)
    want = NAMESPACE[name](*args)
    _close(interp.run(module, args), want)
    loops = compile_to_loops(module)
    got = interp.run_loop_module(loops, args)
    _close(got if len(got) > 1 else got[0], want)


def test_symbolic_rows_one_kernel_serves_every_row_count():
    compiled = shapecheck.jit(NAMESPACE["layernorm"], shapes={"x": ("n", 24), "g": (24,), "b": (24,)})
    (spec,) = compiled.specializations.values()
    assert [k.name for k in spec.loops.kernels] == ["fused_mean_sub_mul_mean_add_sqrt_div_mul_add"]
    for n in (1, 2, 9, 100):
        x, g, b = _inputs([(n, 24), (24,), (24,)], seed=n)
        _close(compiled(x, g, b), NAMESPACE["layernorm"](x, g, b))
    assert len(compiled.specializations) == 1


def test_a_row_value_of_shape_rows_is_not_broadcast_as_rows():
    # x - x.mean(axis=1) on a square matrix subtracts mean[j] from column j (NumPy aligns from
    # the right): not a row group, and the answer is NumPy's.
    (x,) = _inputs([(8, 8)])
    compiled = shapecheck.jit(NAMESPACE["columns_broadcast"])
    _close(compiled(x), NAMESPACE["columns_broadcast"](x))


def test_infinities_and_nan_propagate_like_numpy():
    x = np.array([[0.0, -np.inf, 1.0], [np.nan, 1.0, 2.0], [np.inf, 1.0, 2.0]], np.float32)
    with np.errstate(all="ignore"):
        want = NAMESPACE["softmax"](x)
        got = shapecheck.jit(NAMESPACE["softmax"])(x)
    np.testing.assert_allclose(got, want, rtol=1e-5, equal_nan=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.integers(1, 12), cols=st.integers(1, 40), name=st.sampled_from(sorted(CASES)),
       seed=st.integers(0, 2**16))
def test_random_shapes_through_the_reference_interpreter(rows, cols, name, seed):
    shapes = CASES[name][0](rows, cols)
    args = _inputs(shapes, seed)
    got = interp.run_loop_module(compile_to_loops(_module(name, shapes)), args)
    _close(got if len(got) > 1 else got[0], NAMESPACE[name](*args))
