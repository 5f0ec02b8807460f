"""Reverse-mode AD on random programs (the IR generators of ``ir_programs``), in float64:

* the JVP's tangent and the VJP's cotangents agree with central finite differences;
* the linear programs that ``linearize`` makes are linear (the check), pass the dot-product test
  ``<f(x), y> == <x, f^T(y)>``, and ``transpose(transpose(f))`` computes ``f``;
* every save-or-recompute policy gives the same derivatives.
"""

import numpy as np
from hypothesis import given, settings, strategies as st

from shapecheck.ir import run, trace, verify
from shapecheck.ir.ad import (Budget, SaveAll, SaveInputs, check_linear, grad_module, jvp_module, linearize,
                              transpose, vjp_modules)
from shapecheck.ir.graph import Module

from ir_programs import SHAPES, programs

F64 = {"x": "f64", "w": "f64", "b": "f64"}
EPS = 1e-6


def traced64(source):
    return trace(source, "f", shapes=SHAPES, dtypes=F64)


def draw_inputs(seed, n=3):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, (n, 4)), rng.uniform(-1, 1, (4, 4)), rng.uniform(-1, 1, (4,))]


def central_difference(module, args, direction):
    plus = run(module, [a + EPS * d for a, d in zip(args, direction)])
    minus = run(module, [a - EPS * d for a, d in zip(args, direction)])
    return (np.asarray(plus) - np.asarray(minus)) / (2 * EPS)


def close(a, b, scale=1.0):
    np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6 * max(1.0, scale))


def linear_run(lf, module, residuals, linear_args):
    return run(module, [*residuals, *linear_args], func=lf.function.name)


@settings(max_examples=40, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_jvp_and_vjp_agree_with_central_differences(source, seed):
    module = verify(traced64(source))
    args = draw_inputs(seed)
    rng = np.random.default_rng(seed + 1)
    direction = [rng.standard_normal(a.shape) for a in args]
    expected = central_difference(module, args, direction)
    scale = float(np.abs(expected).max(initial=0.0))

    y, dy = run(verify(jvp_module(module)), [*args, *direction])
    close(y, run(module, args))
    close(dy, expected, scale)

    forward, backward, d = vjp_modules(module)
    out, *residuals = run(verify(forward), args)
    ct = rng.standard_normal(np.shape(out))
    cts = run(verify(backward), [*residuals, ct])
    # <ct, J v> by finite differences == <J^T ct, v> by reverse mode
    close(sum(float((c * v).sum()) for c, v in zip(cts, direction)), float((ct * expected).sum()),
          scale * float(np.abs(ct).sum()))


@settings(max_examples=40, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_linear_programs_transpose_exactly(source, seed):
    module = traced64(source)
    args = draw_inputs(seed)
    lin = linearize(module)
    lf = check_linear(lin.linear)
    lt = check_linear(transpose(lf))
    ltt = check_linear(transpose(lt))
    both = verify(Module((lin.primal, lf.function, lt.function, ltt.function)))
    residuals = run(both, args, func=lin.primal.name)[1:]
    rng = np.random.default_rng(seed)
    x = [rng.standard_normal(a.shape) for a in args]
    fx = linear_run(lf, both, residuals, x)
    y = rng.standard_normal(np.shape(fx))
    fty = linear_run(lt, both, residuals, [y])
    lhs, rhs = float((fx * y).sum()), sum(float((a * b).sum()) for a, b in zip(x, fty))
    assert abs(lhs - rhs) <= 1e-9 * max(1.0, abs(lhs)), (lhs, rhs)
    close(linear_run(ltt, both, residuals, x), fx, float(np.abs(fx).max(initial=0.0)))


@settings(max_examples=20, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_every_policy_gives_the_same_gradient(source, seed):
    m = traced64(source)
    loss = trace(source.replace("    return ", "    out = ") + "    return (out * out).sum()\n", "f",
                 shapes=SHAPES, dtypes=F64)
    args = draw_inputs(seed)
    results = [run(verify(grad_module(loss, policy=p)), args)
               for p in (SaveAll(), SaveInputs(), Budget(0, {"n": 3}), Budget(96, {"n": 3}), Budget(10**9, {"n": 3}))]
    for other in results[1:]:
        for a, b in zip(results[0], other):
            close(a, b, float(np.abs(a).max(initial=0.0)))
    # saving nothing but inputs: the primal hands over inputs only
    lin = linearize(m, policy=SaveInputs())
    assert all(r in {p.name for p in lin.primal.params} for r in lin.saved)


@settings(max_examples=6, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_compiled_gradients_match_the_interpreter(source, seed):
    from shapecheck.ir import runtime
    from shapecheck.ir.pipeline import compile_to_loops

    loss = trace(source.replace("    return ", "    out = ") + "    return np.sin(out).sum()\n", "f",
                 shapes=SHAPES, dtypes=F64)
    g = grad_module(loss)
    args = draw_inputs(seed)
    compiled = runtime.build(compile_to_loops(g))(*args)
    for a, b in zip(run(g, args), compiled):
        close(b, a, float(np.abs(a).max(initial=0.0)))
