"""Transposition on random linear programs (``linear_programs``, every transpose rule): each
program and its transposes pass the linearity check and the verifier, the dot-product test
``<f(x), y> == <x, f^T(y)>`` holds, and ``transpose(transpose(f))`` computes ``f``."""

import numpy as np
from hypothesis import given, settings, strategies as st

from shapecheck.ir import run, verify
from shapecheck.ir.ad import check_linear, transpose
from shapecheck.ir.graph import Module

from linear_programs import linear_programs, residual_inputs


def _tuple(value):
    return value if isinstance(value, tuple) else (value,)


def _dot(xs, ys) -> float:
    return sum(float((np.asarray(a) * np.asarray(b)).sum()) for a, b in zip(xs, ys))


@settings(max_examples=80, deadline=None)
@given(linear_programs(), st.integers(0, 2**16))
def test_dot_product_and_double_transpose(lf, seed):
    lt = check_linear(transpose(check_linear(lf)))
    ltt = check_linear(transpose(lt))
    module = verify(Module((lf.function, lt.function, ltt.function)))
    rng = np.random.default_rng(seed)
    residuals = residual_inputs(rng)
    xs = [rng.standard_normal(p.type.shape) for p in lf.linear_params]
    fx = _tuple(run(module, [*residuals, *xs], func=lf.function.name))
    ys = [rng.standard_normal(np.shape(v)) for v in fx]
    fty = _tuple(run(module, [*residuals, *ys], func=lt.function.name))
    lhs, rhs = _dot(fx, ys), _dot(xs, fty)
    assert abs(lhs - rhs) <= 1e-9 * max(1.0, abs(lhs), abs(rhs)), (lhs, rhs)
    again = _tuple(run(module, [*residuals, *xs], func=ltt.function.name))
    for a, b in zip(fx, again):
        np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-12)
