"""The front end against NumPy itself: traced IR, run by the reference interpreter, must compute
what the Python function computes; unsupported constructs are named in the error."""

import numpy as np
import pytest

from shapecheck.ir import TraceError, run, trace, verify
from shapecheck.cli.ir import main

SOURCE = '''
import numpy as np

def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def layernorm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b

def mlp(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    return softmax(h @ w2 + b2)

def shuffle(x):
    y = x.T.reshape(x.shape[1], 2, -1)
    z = y.transpose(2, 0, 1)[:, 1:, ::2]
    return np.where(z > 0, np.tanh(z), -z).sum(axis=(0, 2)), z.min()
'''


def call_python(name, args):
    scope: dict = {}
    exec(compile(SOURCE, "<test source>", "exec"), scope)  # the test's own reference, not user code
    return scope[name](*args)


CASES = [
    ("softmax", {"x": ("n", 5)}, [(3, 5)]),
    ("layernorm", {"x": ("n", 6), "g": (6,), "b": (6,)}, [(2, 6), (6,), (6,)]),
    ("mlp", {"x": ("n", 4), "w1": (4, 8), "b1": (8,), "w2": (8, 3), "b2": (3,)}, [(2, 4), (4, 8), (8,), (8, 3), (3,)]),
    ("shuffle", {"x": (4, 6)}, [(4, 6)]),
]


@pytest.mark.parametrize("name,shapes,arg_shapes", CASES, ids=[c[0] for c in CASES])
def test_traced_ir_computes_what_numpy_computes(name, shapes, arg_shapes):
    module = verify(trace(SOURCE, name, shapes=shapes))
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(s).astype(np.float32) for s in arg_shapes]
    got, want = run(module, args), call_python(name, args)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_a_live_function_is_read_not_called():
    def double(x):
        raise AssertionError("trace must not call the function")
        return x * 2.0  # noqa

    with pytest.raises(TraceError, match="unsupported statement \\(raise\\)"):
        trace(double, shapes={"x": (3,)})

    def triple(x):
        return x * 3.0

    assert trace(triple, shapes={"x": ("n",)}).functions[0].name == "triple"


@pytest.mark.parametrize("body,message", [
    ("    if x: return x\n    return x\n", "unsupported statement (if statement)"),
    ("    return [x]\n", "unsupported expression (list)"),
    ("    return np.linalg.inv(x)\n", "unsupported call 'np.linalg.inv'"),
    ("    return np.fft(x)\n", "unsupported NumPy call np.fft"),
    ("    return x[x > 0]\n", "boolean selection"),
    ("    return x.sum(axis=3)\n", "line 3: sum: axis 3 is out of bounds for array of dimension 2 [SC104]"),
    ("    return x + y\n", "unknown name 'y'"),
    ("    return x.astype(np.float16) + x\n", "unsupported dtype"),
])
def test_unsupported_constructs_are_named(body, message):
    with pytest.raises(TraceError, match=message.replace("(", "\\(").replace(")", "\\)").replace("[", "\\[")):
        trace("import numpy as np\ndef f(x):\n" + body, shapes={"x": ("n", 3)})


def test_cli_reports_bad_input_with_status_2(tmp_path, capsys):
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    return x * 2.0\n")
    assert main(["ir", f"{src}::f", "--shape", "x=n,3", "--pass", "specialize:n=4"]) == 0
    assert "fn @f[](%x: f32[4, 3])" in capsys.readouterr().out
    for argv, message in [
        ([f"{src}"], "expected FILE::FUNC"),
        ([f"{src}::g", "--shape", "x=3"], "no function 'g'"),
        ([f"{tmp_path}/missing.py::f"], "cannot read"),
        ([f"{src}::f", "--shape", "x=3", "--pass", "bogus"], "unknown pass 'bogus'"),
        ([f"{src}::f", "--shape", "x=3", "--pass", "specialize:n"], "specialize expects NAME=INT"),
        ([f"{src}::f", "--shape", "x3"], "--shape expects NAME=VALUE"),
        ([f"{src}::f", "--shape", "x=3", "--frobnicate"], "unrecognized arguments"),
    ]:
        assert main(argv) == 2, argv
        assert message in capsys.readouterr().err


def test_shape_errors_are_reported_by_the_analyzer_before_tracing() -> None:
    """trace() runs the abstract interpreter on the call first: its message, its code."""
    source = ("import numpy as np\n"
              "def mlp(x, w1, w2):\n"
              "    h = np.maximum(x @ w1, 0.0)\n"
              "    return h @ w2\n")
    with pytest.raises(TraceError, match=r"line 4: matmul: h is \(n, 128\) but w2 is \(100, 10\): 128 != 100"):
        trace(source, "mlp", shapes={"x": ("n", 784), "w1": (784, 128), "w2": (100, 10)})


def test_an_error_for_every_argument_shape_is_reported_too() -> None:
    """The check asks about this call alone: an error the function has whatever its arguments
    (found by the analysis with unknown arguments, which reports it in the function itself) is
    this call's error as well, with the analyser's message, not the tracer's."""
    from shapecheck.ir.frontend import ShapeError
    from shapecheck.ir.loopfront import trace_loops

    source = ("import numpy as np\n"
              "def f(x):\n"
              "    bias = np.ones((3, 4))\n"
              "    return x + bias.sum(axis=2)\n")
    message = r"line 4: sum: axis 2 is out of bounds for array of dimension 2 \[SC104\]"
    with pytest.raises(ShapeError, match=message):
        trace(source, "f", shapes={"x": ("n",)})
    with pytest.raises(ShapeError, match=message):
        trace_loops(source, "f", shapes={"x": ("n",)})


def test_the_analyzer_and_the_ir_agree_on_result_shapes() -> None:
    from shapecheck.api import analyze_call
    from shapecheck.constraints.dims import show

    source = ("import numpy as np\n"
              "def f(x, w, b):\n"
              "    e = np.exp(x @ w + b)\n"
              "    return e / e.sum(axis=1, keepdims=True)\n")
    shapes = {"x": ("n", 8), "w": (8, 4), "b": (4,)}
    result, errors = analyze_call(source, "f", shapes)
    assert not errors
    module = trace(source, "f", shapes=shapes)
    ir_dims = [d if isinstance(d, int) else show(d).split("@")[0] for d in module.functions[0].ret.shape]
    assert [d if isinstance(d, int) else show(d) for d in result.shape.dims] == ["n", 4] == ir_dims


def test_new_axes_ellipsis_and_expand_dims_follow_numpy():
    import shapecheck
    def f(x, y):
        d = x[:, None, :] - y[np.newaxis, ...]
        return np.expand_dims(d[..., 0], -1) + np.expand_dims(x, axis=(0, 2))[0, :, :, :1]
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((4, 3)), rng.standard_normal((5, 3))
    np.testing.assert_allclose(shapecheck.jit(f)(x, y), f(x, y))
