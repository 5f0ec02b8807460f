"""Every pass keeps the verifier happy, keeps the reference interpreter's results, and maps
alpha-equivalent inputs to alpha-equivalent outputs (checked on a re-parsed copy: fresh names)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapecheck.ir import parse_module, print_module, run, verify
from shapecheck.ir.interp import run_loop_module
from shapecheck.ir.passes import cse, dce, fold, fuse, inline, lower_to_loops, specialize
from shapecheck.ir.pipeline import compile_to_loops
from shapecheck.subst import alpha_equivalent

from ir_programs import inputs, programs, traced

PIPELINE = [
    ("inline", inline),
    ("specialize", lambda m: specialize(m, {"n": 3})),
    ("fold", fold),
    ("cse", cse),
    ("dce", dce),
    ("fuse", fuse),
    ("lower", lower_to_loops),
    ("fold-loops", fold),
    ("dce-after", dce),
]


def same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-5, equal_nan=True)


@settings(max_examples=25, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_each_pass_preserves_meaning_scoping_and_alpha_equivalence(source, seed):
    module = verify(traced(source))
    args = inputs(seed)
    expected = run(module, args)
    variant = parse_module(print_module(module))  # alpha-equivalent, all names fresh
    for name, apply in PIPELINE:
        module, variant = apply(module), apply(variant)
        verify(module)
        same(run(module, args), expected)
        assert alpha_equivalent(module, variant), name


@settings(max_examples=15, deadline=None)
@given(programs(), st.integers(0, 2**16))
def test_lowered_program_matches_the_graph(source, seed):
    module = traced(source)
    args = inputs(seed, n=2)
    (out,) = run_loop_module(compile_to_loops(module, specialize={"n": 2}), args)
    same(out, run(module, args))
    (symbolic,) = run_loop_module(compile_to_loops(module), args)  # n stays a shape parameter
    same(symbolic, out)


CALLS = """fn @main[n](%x: f32[n, 4]) -> f32[n, 4] {
  %a: f32[n, 4] = call @twice(%x)
  %b: f32[n, 4] = call @twice(%a)
  return %b
}

fn @twice[m](%y: f32[m, 4]) -> f32[m, 4] {
  %s: f32[m, 4] = add(%y, %y)
  %t: f32[m, 4] = tanh(%s)
  return %t
}
"""


def test_inlining_the_same_function_twice_renames_only_on_clash():
    module = verify(parse_module(CALLS))
    out = verify(dce(inline(module)))
    assert [f.name for f in out.functions] == ["main"]
    text = print_module(out)
    assert "%s: f32[n, 4] = add(%x, %x)" in text and "%s_1: f32[n, 4] = add(%t, %t)" in text
    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4)
    same(run(out, [x]), run(module, [x]))


def test_specialize_substitutes_through_types_attributes_and_kernels():
    text = """fn @f[n](%x: f32[n, 4]) -> f32[4, n] {
  %r: f32[4, n] = reshape(%x) {shape=(4, n)}
  [m] %y: f32[m, n] = match_shape(%r)
  %k: f32[m, n] = call_kernel @copy(%y)
  return %r
}

kernel @copy[a, b](%x: f32[a, b], out %y: f32[a, b]) {
  for %i in 0 .. %a step 1 parallel {
    for %j in 0 .. %b step 1 parallel {
      %y[%i, %j] = %x[%i, %j]
    }
  }
}
"""
    out = verify(specialize(parse_module(text), {"n": 8}))
    printed = print_module(out)
    assert "fn @f[](%x: f32[8, 4]) -> f32[4, 8]" in printed
    assert "{shape=(4, 8)}" in printed and "[m] %y: f32[m, 8]" in printed
    folded = print_module(verify(fold(out)))
    assert "match_shape" not in folded and "reshape" in folded and "call_kernel @copy(%r)" in folded


def test_cse_merges_equal_bindings_and_dce_drops_the_rest():
    m = traced("def f(x, w, b):\n    a = np.tanh(x)\n    c = np.tanh(x)\n    unused = x * 3.0\n    return a + c\n")
    out = verify(dce(cse(m)))
    assert print_module(out).count("tanh(") == 1 and "mul" not in print_module(out)


def test_fusion_of_the_mlp_makes_two_kernels():
    src = "def mlp(x, w1, b1, w2, b2):\n    h = np.maximum(x @ w1 + b1, 0.0)\n    return h @ w2 + b2\n"
    from shapecheck.ir import trace

    m = trace(src, shapes={"x": ("n", 6), "w1": (6, 5), "b1": (5,), "w2": (5, 3), "b2": (3,)})
    lm = compile_to_loops(m, specialize={"n": 2})
    assert [k.name for k in lm.kernels] == ["fused_matmul_add_maximum", "fused_matmul_add"]
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s).astype(np.float32) for s in [(2, 6), (6, 5), (5,), (5, 3), (3,)]]
    same(run_loop_module(lm, args)[0], run(m, args))


def test_specialize_rejects_unknown_names():
    from shapecheck.ir.passes.specialize import SpecializeError

    with pytest.raises(SpecializeError, match="no shape parameter q"):
        specialize(traced("def f(x, w, b):\n    return x\n"), {"q": 1})


def test_debug_mode_verifies_between_passes_and_names_the_broken_pass() -> None:
    import dataclasses

    import pytest

    from shapecheck.ir import pipeline, trace
    from shapecheck.ir.verifier import VerifyError

    module = trace("def f(x):\n    return np.exp(x) + x\n", shapes={"x": ("n", 4)})

    def drop_first_binding(m):   # a "pass" that leaves a use without its binding
        f = m.functions[0]
        body = dataclasses.replace(f.body, bindings=f.body.bindings[1:])
        return dataclasses.replace(m, functions=(dataclasses.replace(f, body=body),) + m.functions[1:])

    with pytest.raises(VerifyError, match="after drop_first_binding"):
        pipeline._run(drop_first_binding, module)
    assert pipeline._run(lambda m: m, module) is module
