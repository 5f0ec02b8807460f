"""parse . print is the identity on random modules (text equal, module alpha-equivalent), and on
loop modules of random Numba-style code with run-time checks (their fault record included)."""

from hypothesis import given, settings

from shapecheck.ir import parse_module, print_module, verify
from shapecheck.ir.loopfront import trace_loops
from shapecheck.ir.parser import parse_loop_module
from shapecheck.ir.printer import print_loop_module
from shapecheck.ir.pipeline import optimize
from shapecheck.ir.passes import lower_to_loops
from shapecheck.subst import alpha_equivalent

from ir_programs import programs, traced
from loop_programs import DTYPES, loop_programs, shapes_of


def assert_round_trip(module):
    text = print_module(module)
    again = parse_module(text)
    assert print_module(again) == text
    assert alpha_equivalent(module, again)
    verify(again)


@settings(max_examples=40, deadline=None)
@given(programs())
def test_round_trip_of_traced_modules(source):
    assert_round_trip(traced(source))


@settings(max_examples=15, deadline=None)
@given(programs())
def test_round_trip_of_fused_and_lowered_modules(source):
    fused = optimize(traced(source))
    assert_round_trip(fused)
    assert_round_trip(lower_to_loops(fused))


def test_round_trip_of_every_construct():
    text = """fn @main[n](%x: f32[n, 4], %y: f32[n*2+1]) -> (f32[n, 4], f32[4]) {
  %a: f32[n, 4] = call @helper(%x)
  [m] %z: f32[m, 4] = match_shape(%a)
  %e: f32[m, 4] = extern "numpy.cumsum"(%z)
  %r: f32[4, n] = reshape(%a) {shape=(4, n)}
  %s: f32[(n+1)//2] = slice(%y) {begin=(1,), size=((n+1)//2,), step=(-2,)}
  %k: f32[n, 4] = call_kernel @neg_kernel(%x)
  %c: f32[] = const() {dtype="f32", value=-inf}
  %b: f32[4] = sum(%k) {axes=(0,), keepdims=false}
  %t: (f32[n, 4], f32[4]) = tuple(%k, %b)
  %g: f32[n, 4] = get(%t, 0)
  return %t
}

fn @helper[n](%x: f32[n, 4]) -> f32[n, 4] {
  %y: f32[n, 4] = tanh(%x)
  return %y
}

kernel @neg_kernel[n](%x: f32[n, 4], out %y: f32[n, 4]) {
  for %i in 0 .. %n step 1 parallel {
    for %j in 0 .. 4 step 2 {
      let %acc: f32 = -1.5:f32
      %acc = select((%i < 3), neg(%acc), cast_f32(%j))
      %y[%i, (%j // 1)] = maximum(%acc, exp(%x[%i, %j]))
    }
  }
}
"""
    module = verify(parse_module(text))
    again = parse_module(print_module(module))
    assert print_module(again) == print_module(module)
    assert alpha_equivalent(module, again)


def assert_loop_round_trip(module):
    text = print_loop_module(module)
    again = parse_loop_module(text)
    assert print_loop_module(again) == text
    assert alpha_equivalent(module, again)
    return again


@settings(max_examples=30, deadline=None)
@given(loop_programs(), shapes_of())
def test_round_trip_of_loop_code_with_run_time_checks(source, shapes):
    assert_loop_round_trip(trace_loops(source, "f", shapes=shapes, dtypes=DTYPES))


def test_the_fault_record_survives_the_round_trip():
    source = "def f(x, idx, y, a, b):\n    out = np.zeros(x.shape[0])\n    for i in range(idx.shape[0]):\n" \
             "        out[idx[i]] += 1.0\n        out[a:b] = y\n    return out\n"
    module = trace_loops(source, "f", shapes={"x": ("n",), "idx": ("m",), "y": (2,), "a": (), "b": ()},
                         dtypes=DTYPES)
    again = assert_loop_round_trip(module)
    fault = next(b for b in again.program.temps if b.name == again.program.fault)
    assert fault.dtype == "i64" and "  fault %fault" in print_loop_module(again).splitlines()


def test_a_size_read_from_an_argument_value_survives_the_round_trip():
    source = "def f(x, k):\n    out = np.zeros(x.shape[0] // 2 - k)\n    return out\n"
    module = trace_loops(source, "f", shapes={"x": ("n",), "k": ()}, dtypes={"x": "f64", "k": "i64"})
    again = assert_loop_round_trip(module)
    (param, scalar), = again.program.valued
    assert param in again.program.shape_params and scalar == again.program.inputs[1].name
    assert "  size k = %k_1" in print_loop_module(again).splitlines()
