"""``pad`` (the transpose of ``slice``) and ``broadcast_to`` (the transpose of ``sum``): the
reference interpreter, the loop interpreter and the compiled code agree, and ``pad`` is the
adjoint of ``slice`` (<slice(x), y> == <x, pad(y)>)."""

import numpy as np
from hypothesis import given, settings, strategies as st

from shapecheck.ir import parse_module, run, verify
from shapecheck.ir import runtime
from shapecheck.ir.interp import run_loop_module
from shapecheck.ir.pipeline import compile_to_loops

ADJOINT = """fn @f[n](%x: f64[n, {w}], %y: f64[n, {size}]) -> f64[] {{
  %s: f64[n, {size}] = slice(%x) {{begin=(0, {begin}), size=(n, {size}), step=(1, {step})}}
  %p: f64[n, {w}] = pad(%y) {{begin=(0, {begin}), shape=(n, {w}), step=(1, {step})}}
  %c: f64[] = const() {{dtype="f64", value=1.0}}
  %b: f64[n, {w}] = broadcast_to(%c) {{shape=(n, {w})}}
  %q: f64[n, {w}] = add(%p, %b)
  %l: f64[n, {size}] = mul(%s, %y)
  %r: f64[n, {w}] = mul(%x, %q)
  %sl: f64[] = sum(%l) {{axes=(0, 1), keepdims=false}}
  %sr: f64[] = sum(%r) {{axes=(0, 1), keepdims=false}}
  %sx: f64[] = sum(%x) {{axes=(0, 1), keepdims=false}}
  %d: f64[] = sub(%sl, %sr)
  %e: f64[] = add(%d, %sx)
  return %e
}}
"""


@st.composite
def slices(draw):
    w = draw(st.integers(1, 9))
    step = draw(st.sampled_from([1, 2, 3, -1, -2]))
    begin = draw(st.integers(0, w - 1))
    room = begin // -step + 1 if step < 0 else (w - 1 - begin) // step + 1
    return dict(w=w, step=step, begin=begin, size=draw(st.integers(1, room)))


@settings(max_examples=30, deadline=None)
@given(slices(), st.integers(0, 2**16))
def test_pad_is_the_adjoint_of_slice_at_every_level(params, seed):
    module = verify(parse_module(ADJOINT.format(**params)))
    rng = np.random.default_rng(seed)
    x, y = rng.standard_normal((2, params["w"])), rng.standard_normal((2, params["size"]))
    # <slice(x), y> - <x, pad(y) + 1> + sum(x) == 0
    expected = run(module, [x, y])
    assert abs(expected) < 1e-9
    loops = compile_to_loops(module)
    (looped,) = run_loop_module(loops, [x, y])
    assert abs(looped) < 1e-9
    assert abs(runtime.build(loops)(x, y)) < 1e-9
