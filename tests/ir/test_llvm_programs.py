"""Differential tests of the LLVM back end: random loop-IR programs against NumPy.

Hypothesis draws elementwise expression trees (broadcast loads, arithmetic, math functions,
comparisons, ``where``, casts) and row reductions; each program is lowered, compiled, run on
random float32/float64 inputs that include NaN and ±inf, and compared with the same tree
evaluated by NumPy. The builders here (``elementwise_module``, ``row_reduce_module``) are the
hand-made loop IR the other back-end tests use too.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapecheck.constraints import dims
from shapecheck.ir import loops as L
from shapecheck.ir import runtime
from shapecheck.subst.names import fresh_name


@pytest.fixture(autouse=True, scope="module")
def private_cache(tmp_path_factory):
    """Compile for real: a fresh on-disk cache, not whatever an earlier run left."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path_factory.mktemp("sc-cache")))
        yield

I = L.INDEX
NP_DTYPE = {"f32": np.float32, "f64": np.float64}
TOLERANCE = {"f32": dict(rtol=2e-4, atol=1e-5), "f64": dict(rtol=1e-9, atol=1e-12)}

# Loop-IR function -> NumPy function, for the reference evaluator.
NUMPY_CALLS = {
    "exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos, "tan": np.tan, "tanh": np.tanh,
    "sqrt": np.sqrt, "log1p": np.log1p, "expm1": np.expm1, "floor": np.floor, "ceil": np.ceil,
    "abs": np.abs, "maximum": np.maximum, "minimum": np.minimum, "pow": np.power,
}
UNARY_CALLS = sorted(fn for fn in NUMPY_CALLS if fn not in ("maximum", "minimum", "pow"))
NUMPY_BINARY = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
                "floordiv": np.floor_divide, "mod": np.remainder}
NUMPY_COMPARE = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
                 "eq": np.equal, "ne": np.not_equal}


# --- building loop IR by hand ----------------------------------------------------------------

class Inputs:
    """Input buffers of a 2-d elementwise program: each is (R, C), (C,) or (R, 1)."""

    def __init__(self, dtype: str, layouts: list[str], rows, cols):
        self.dtype, self.layouts, self.rows, self.cols = dtype, layouts, rows, cols
        self.names = [fresh_name(f"x{k}") for k in range(len(layouts))]

    def shape(self, layout: str):
        return {"rc": (self.rows, self.cols), "c": (self.cols,), "r1": (self.rows, 1)}[layout]

    def load(self, k: int, i, j) -> L.Load:
        layout = self.layouts[k]
        indices = {"rc": (i, j), "c": (j,), "r1": (i, L.Const(0, I))}[layout]
        return L.Load(self.names[k], indices, self.dtype)

    def buffers(self):
        return tuple(L.Buffer(n, self.dtype, self.shape(lay)) for n, lay in zip(self.names, self.layouts))


def elementwise_module(inputs: Inputs, make_value, out_dtype: str | None = None,
                       shape_params=()) -> L.LoopModule:
    """``out[i, j] = make_value(i, j)`` over an (R, C) grid, parallel over rows."""
    out_dtype = out_dtype or inputs.dtype
    i, j, out = fresh_name("i"), fresh_name("j"), fresh_name("out")
    value = make_value(L.Var(i, I), L.Var(j, I))
    out_buf = L.Buffer(out, out_dtype, (inputs.rows, inputs.cols), output=True)
    body = (L.For(i, L.Const(0, I), L.dim_to_expr(inputs.rows), 1, (
        L.For(j, L.Const(0, I), L.dim_to_expr(inputs.cols), 1, (
            L.Store(out, (L.Var(i, I), L.Var(j, I)), value),)),), parallel=True),)
    kernel = L.Kernel("ew", shape_params, inputs.buffers() + (out_buf,), body)
    program = L.Program("ew", shape_params, inputs.buffers(), (out_buf,),
                        (L.KernelCall("ew", tuple(inputs.names) + (out,), tuple(dims.sym(p.key) for p in shape_params)),),
                        (out,))
    return L.LoopModule((kernel,), program)


def row_reduce_module(dtype: str, rows, cols, op: str, shape_params=()) -> L.LoopModule:
    """``out[i] = reduce(op, x[i, :])`` with an accumulator; op is ``add`` or ``maximum``."""
    x, out, i, j, acc = (fresh_name(s) for s in ("x", "out", "i", "j", "acc"))
    element = L.Load(x, (L.Var(i, I), L.Var(j, I)), dtype)
    start = L.Const(0.0 if op == "add" else -np.inf, dtype)
    update = (L.Binary("add", L.Var(acc, dtype), element) if op == "add"
              else L.Call("maximum", (L.Var(acc, dtype), element)))
    body = (L.For(i, L.Const(0, I), L.dim_to_expr(rows), 1, (
        L.Let(acc, dtype, start),
        L.For(j, L.Const(0, I), L.dim_to_expr(cols), 1, (L.Assign(acc, update),)),
        L.Store(out, (L.Var(i, I),), L.Var(acc, dtype))), parallel=True),)
    x_buf, out_buf = L.Buffer(x, dtype, (rows, cols)), L.Buffer(out, dtype, (rows,), output=True)
    kernel = L.Kernel("rowred", shape_params, (x_buf, out_buf), body)
    program = L.Program("rowred", shape_params, (x_buf,), (out_buf,),
                        (L.KernelCall("rowred", (x, out), tuple(dims.sym(p.key) for p in shape_params)),),
                        (out,))
    return L.LoopModule((kernel,), program)


# --- random expression trees and their NumPy meaning -----------------------------------------

def expressions(dtype: str, n_inputs: int):
    """Strategy for trees: tuples ``("in", k)``, ``("const", v)``, ``(op, child...)``."""
    leaves = st.one_of(st.tuples(st.just("in"), st.integers(0, n_inputs - 1)),
                       st.tuples(st.just("const"), st.sampled_from([0.5, -2.0, 3.0, 0.0])))

    def extend(children):
        return st.one_of(
            st.tuples(st.sampled_from(["add", "sub", "mul", "div", "floordiv", "mod"]), children, children),
            st.tuples(st.sampled_from(UNARY_CALLS), children),
            st.tuples(st.just("call2"), st.sampled_from(["maximum", "minimum", "pow"]), children, children),
            st.tuples(st.just("neg"), children),
            st.tuples(st.just("where"), st.sampled_from(sorted(NUMPY_COMPARE)), children, children, children),
            st.tuples(st.just("roundtrip"), children),
        )
    return st.recursive(leaves, extend, max_leaves=6)


def to_loop_ir(tree, inputs: Inputs, i, j):
    dtype = inputs.dtype
    head = tree[0]
    if head == "in":
        return inputs.load(tree[1], i, j)
    if head == "const":
        return L.Const(tree[1], dtype)
    args = [to_loop_ir(t, inputs, i, j) for t in tree[1:] if isinstance(t, tuple)]
    if head in NUMPY_BINARY:
        return L.Binary(head, *args)
    if head in NUMPY_CALLS:
        return L.Call(head, tuple(args))
    if head == "call2":
        return L.Call(tree[1], tuple(args))
    if head == "neg":
        return L.Unary("neg", args[0])
    if head == "where":
        return L.Select(L.Compare(tree[1], args[0], args[1]), args[1], args[2])
    if head == "roundtrip":  # through the other float type and back
        other = "f32" if dtype == "f64" else "f64"
        return L.Cast(dtype, L.Cast(other, args[0]))
    raise AssertionError(head)


def to_numpy(tree, arrays, dtype: str):
    head = tree[0]
    if head == "in":
        return arrays[tree[1]]
    if head == "const":
        return NP_DTYPE[dtype](tree[1])
    args = [to_numpy(t, arrays, dtype) for t in tree[1:] if isinstance(t, tuple)]
    if head in NUMPY_BINARY:
        return NUMPY_BINARY[head](*args)
    if head in NUMPY_CALLS:
        return NUMPY_CALLS[head](*args)
    if head == "call2":
        return NUMPY_CALLS[tree[1]](*args)
    if head == "neg":
        return -args[0]
    if head == "where":
        return np.where(NUMPY_COMPARE[tree[1]](args[0], args[1]), args[1], args[2])
    if head == "roundtrip":
        other = np.float32 if dtype == "f64" else np.float64
        return args[0].astype(other).astype(NP_DTYPE[dtype]) if isinstance(args[0], np.ndarray) \
            else NP_DTYPE[dtype](other(args[0]))
    raise AssertionError(head)


def random_array(rng, shape, dtype: str, specials: bool = True) -> np.ndarray:
    a = rng.uniform(-3, 3, size=shape).astype(NP_DTYPE[dtype])
    if specials and a.size >= 4:
        flat = a.reshape(-1)
        flat[rng.integers(0, a.size, size=3)] = [np.nan, np.inf, -np.inf]
    return a


def assert_matches(actual, expected, dtype: str):
    expected = np.broadcast_to(np.asarray(expected, dtype=NP_DTYPE[dtype]), actual.shape)
    np.testing.assert_allclose(actual, expected, equal_nan=True, **TOLERANCE[dtype])


# --- tests -----------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dtype=st.sampled_from(["f32", "f64"]),
       layouts=st.lists(st.sampled_from(["rc", "c", "r1"]), min_size=1, max_size=3),
       data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_elementwise_programs_match_numpy(dtype, layouts, data, seed):
    layouts[0] = "rc"
    inputs = Inputs(dtype, layouts, 5, 37)  # 37 columns: vector body plus a scalar remainder
    tree = data.draw(expressions(dtype, len(layouts)))
    module = elementwise_module(inputs, lambda i, j: to_loop_ir(tree, inputs, i, j))
    rng = np.random.default_rng(seed)
    arrays = [random_array(rng, inputs.shape(lay), dtype) for lay in layouts]
    with np.errstate(all="ignore"):
        expected = to_numpy(tree, arrays, dtype)
    assert_matches(runtime.build(module)(*arrays), expected, dtype)


EVERY_OPERATION = (
    [(op, ("in", 0), ("in", 1)) for op in NUMPY_BINARY]
    + [(fn, ("in", 0)) for fn in UNARY_CALLS]
    + [("call2", fn, ("in", 0), ("in", 1)) for fn in ("maximum", "minimum", "pow")]
    + [("where", op, ("in", 0), ("in", 1), ("const", 0.5)) for op in NUMPY_COMPARE]
    + [("neg", ("in", 0)), ("roundtrip", ("in", 0))]
)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("tree", EVERY_OPERATION, ids=lambda t: "-".join(str(p) for p in t[:2]))
def test_every_operation_matches_numpy(dtype, tree):
    inputs = Inputs(dtype, ["rc", "c"], 3, 41)
    module = elementwise_module(inputs, lambda i, j: to_loop_ir(tree, inputs, i, j))
    rng = np.random.default_rng(0)
    arrays = [random_array(rng, inputs.shape(lay), dtype) for lay in inputs.layouts]
    arrays[1][:5] = arrays[0][0, :5]  # some equal pairs, so eq/ne/le/ge see ties
    with np.errstate(all="ignore"):
        expected = to_numpy(tree, arrays, dtype)
    assert_matches(runtime.build(module)(*arrays), expected, dtype)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("op", ["add", "maximum"])
def test_row_reductions_match_numpy(dtype, op):
    module = row_reduce_module(dtype, 64, 1000, op)
    rng = np.random.default_rng(1)
    x = random_array(rng, (64, 1000), dtype, specials=False)
    x[3, 17] = np.nan  # a NaN row: sum and max both propagate it
    expected = x.sum(axis=1) if op == "add" else x.max(axis=1)
    assert_matches(runtime.build(module)(x), expected, dtype)


def test_symbolic_shapes_one_kernel_for_every_n():
    n, m = fresh_name("n"), fresh_name("m")
    module = row_reduce_module("f64", dims.sym(n.key), dims.sym(m.key), "add", shape_params=(n, m))
    compiled = runtime.build(module)
    rng = np.random.default_rng(2)
    for shape in [(1, 1), (3, 7), (300, 513)]:
        x = rng.standard_normal(shape)
        np.testing.assert_allclose(compiled(x), x.sum(axis=1), rtol=1e-12)


@pytest.mark.parametrize("dtype", ["i32", "i64"])
def test_integer_floor_division_and_modulo_follow_python(dtype):
    a, b = np.meshgrid(np.arange(-7, 8), np.array([-3, -2, -1, 1, 2, 3]))
    a, b = a.ravel().astype(dtype.replace("i", "int")), b.ravel().astype(dtype.replace("i", "int"))
    inputs = Inputs(dtype, ["c", "c"], 1, a.size)
    for op, reference in (("floordiv", np.floor_divide), ("mod", np.remainder)):
        module = elementwise_module(inputs, lambda i, j: L.Binary(op, inputs.load(0, i, j), inputs.load(1, i, j)))
        np.testing.assert_array_equal(runtime.build(module)(a, b)[0], reference(a, b))


def test_bool_buffers_and_casts():
    inputs = Inputs("f64", ["rc"], 4, 9)
    module = elementwise_module(inputs, lambda i, j: L.Compare("gt", inputs.load(0, i, j), L.Const(0.0, "f64")),
                                out_dtype="bool")
    x = random_array(np.random.default_rng(3), (4, 9), "f64")
    np.testing.assert_array_equal(runtime.build(module)(x), x > 0)


def test_large_parallel_call_matches_serial(monkeypatch):
    inputs = Inputs("f64", ["rc", "rc"], 512, 1024)
    module = elementwise_module(inputs, lambda i, j: L.Call("exp", (L.Binary(
        "mul", inputs.load(0, i, j), inputs.load(1, i, j)),)))
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((512, 1024)), rng.standard_normal((512, 1024))
    monkeypatch.setenv("SHAPECHECK_NUM_THREADS", "3")  # uneven split of 512 rows
    compiled = runtime.build(module)
    (_, _, _, chunks), = compiled.plan.steps
    assert chunks == ((0, 171), (171, 342), (342, 512)) or chunks == [(0, 171), (171, 342), (342, 512)]
    np.testing.assert_allclose(compiled(a, b), np.exp(a * b), rtol=1e-13)
    # The checked path (a strided input) splits the same way and agrees.
    np.testing.assert_allclose(compiled(np.asfortranarray(a), b), np.exp(a * b), rtol=1e-13)


def test_float_floor_division_and_remainder_signs_of_zero():
    # npy_divmod: a zero quotient takes the sign of a / d, a zero remainder the divisor's.
    a = np.array([-0.7, 0.7, -0.7, 0.7, 0.0, -0.0, 3.0, -3.0, 4.0, -4.0, np.inf, 1.0])
    d = np.array([-2.6, -2.6, 2.6, 2.6, 2.0, 2.0, 3.0, 3.0, -2.0, -2.0, 2.0, 0.0])
    inputs = Inputs("f64", ["c", "c"], 1, a.size)
    for op, reference in (("floordiv", np.floor_divide), ("mod", np.remainder)):
        module = elementwise_module(inputs, lambda i, j: L.Binary(op, inputs.load(0, i, j), inputs.load(1, i, j)))
        got = runtime.build(module)(a, d)[0]
        with np.errstate(all="ignore"):
            expected = reference(a, d)
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))


def test_power_one_half_is_numpys_sqrt():
    # NumPy turns x ** 0.5 into sqrt(x): nan at -inf and -0.0 at -0.0, where C's pow differs.
    x = np.array([-np.inf, -0.0, 0.0, 4.0, np.inf, -1.0])
    inputs = Inputs("f64", ["c"], 1, x.size)
    module = elementwise_module(inputs, lambda i, j: L.Call("pow", (inputs.load(0, i, j), L.Const(0.5, "f64"))))
    got = runtime.build(module)(x)[0]
    with np.errstate(all="ignore"):
        expected = x ** 0.5
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))
