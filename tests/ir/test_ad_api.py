"""The AD API beside ``jit`` (``shapecheck.grad``/``vjp``/``jvp``), the programs it shows, the
linearity check's verdicts, and the transpose rules of the cases random programs rarely reach
(rank-1 and batched matmul, strided slices, broadcasting from leading axes)."""

import numpy as np
import pytest

import shapecheck
from shapecheck.ir import parse_module, run, trace, verify
from shapecheck.ir.ad import LinearFunction, LinearityError, check_linear, grad_module, transpose
from shapecheck.ir.graph import Module


def mlp2(x, w1, w2):
    return (np.tanh(x @ w1) @ w2).sum()


def test_grad_vjp_and_jvp_agree_and_are_compiled():
    rng = np.random.default_rng(0)
    x, w1, w2 = rng.standard_normal((4, 3)), rng.standard_normal((3, 5)), rng.standard_normal((5, 2))
    g1, g2 = shapecheck.grad(mlp2, argnums=(1, 2))(x, w1, w2)
    out, back = shapecheck.vjp(mlp2, x, w1, w2)
    assert np.isclose(out, mlp2(x, w1, w2))
    gx, b1, b2 = back(np.float64(1.0))
    np.testing.assert_allclose(b1, g1, rtol=1e-12)
    np.testing.assert_allclose(b2, g2, rtol=1e-12)
    assert gx.shape == x.shape
    v = rng.standard_normal(w1.shape)
    y, dy = shapecheck.jvp(mlp2, (x, w1, w2), (np.zeros_like(x), v, np.zeros_like(w2)))
    assert np.isclose(y, out) and np.isclose(dy, (g1 * v).sum())
    f32 = [a.astype(np.float32) for a in (x, w1, w2)]
    g32 = shapecheck.grad(mlp2)(*f32)
    assert g32.dtype == np.float32 and np.allclose(g32, gx, rtol=1e-4, atol=1e-4)


def test_lower_shows_the_primal_linear_and_transposed_programs():
    args = [np.ones((4, 3)), np.ones((3, 5)), np.ones((5, 2))]
    lowered = shapecheck.grad(mlp2, argnums=(1, 2)).lower(*args)
    whole = lowered.as_text("ir")
    for name in ("@mlp2_grad", "@mlp2_primal", "@mlp2_lin[", "@mlp2_lin_T"):
        assert name in whole
    assert lowered.as_text("linear").startswith("fn @mlp2_lin[")
    assert lowered.as_text("transposed").startswith("fn @mlp2_lin_T[")
    assert "kernel @" in lowered.as_text("loops")
    assert "define" in lowered.as_text("llvm")


LINEAR = """fn @f[](%r: f64[3], %dx: f64[3]) -> f64[3] {{
  %c: f64[] = const() {{dtype="f64", value={c}}}
  %y: f64[3] = {body}
  return %y
}}
"""


@pytest.mark.parametrize("body, c, verdict", [
    ("mul(%dx, %r)", 2.0, None),
    ("where(%cond, %dx, %c)", 0.0, None),
    ("mul(%dx, %dx)", 2.0, "product of two linear"),
    ("add(%dx, %c)", 1.0, "affine"),
    ("exp(%dx)", 1.0, "not linear"),
    ("div(%r, %dx)", 1.0, "non-linear operand"),
])
def test_the_linearity_check(body, c, verdict):
    text = LINEAR.format(body=body, c=c)
    if "cond" in body:
        text = text.replace("  %y:", "  %cond: bool[3] = greater(%r, %c)\n  %y:")
    lf = LinearFunction(verify(parse_module(text)).functions[0], 1)
    if verdict is None:
        assert check_linear(lf) is lf
    else:
        with pytest.raises(LinearityError, match=verdict):
            check_linear(lf)


@pytest.mark.parametrize("source, shapes", [
    ("def f(v, w):\n    return ((v @ w) * (v @ w)).sum()\n", {"v": (3,), "w": (3, 4)}),
    ("def f(v, w):\n    return np.sin(w @ v).sum()\n", {"v": (4,), "w": (3, 4)}),
    ("def f(v, w):\n    return np.sin(v @ v + w).sum()\n", {"v": (4,), "w": (3, 4)}),
    ("def f(a, w):\n    return np.tanh(a @ w).sum()\n", {"a": (2, 3, 4), "w": (4, 5)}),
    ("def f(a, w):\n    return np.tanh(w @ a).sum()\n", {"a": (2, 4, 3), "w": (4,)}),
    ("def f(a, b):\n    return np.cos(a[:, 1:7:3] * b).sum()\n", {"a": (3, 8), "b": (1, 2)}),
    ("def f(a, b):\n    return (np.exp(a - b.max()) + b.min(axis=0)).mean()\n", {"a": (2, 3, 4), "b": (3, 4)}),
    ("def f(a, b):\n    return np.abs(a.T @ b / (np.sqrt(b * b + 1.0) ** 1.5).sum(axis=0, keepdims=True)).sum()\n", {"a": (3, 2), "b": (3, 3)}),
])
def test_gradients_of_the_rarer_rules(source, shapes):
    module = trace(source, "f", shapes=shapes, dtypes={k: "f64" for k in shapes})
    g = verify(grad_module(module))
    rng = np.random.default_rng(1)
    args = [rng.uniform(0.2, 1.0, s) * rng.choice([-1, 1], s) for s in shapes.values()]
    grads = run(g, args)
    for i, gi in enumerate(grads):
        fd = np.zeros_like(args[i])
        for j in np.ndindex(args[i].shape):
            plus, minus = [a.copy() for a in args], [a.copy() for a in args]
            plus[i][j] += 1e-6
            minus[i][j] -= 1e-6
            fd[j] = (run(module, plus) - run(module, minus)) / 2e-6
        np.testing.assert_allclose(gi, fd, rtol=1e-6, atol=1e-8)
    lt = transpose(transpose(transpose(grad_linear(module))))   # transposes compose, and stay typed
    verify(Module((lt.function,)))


def grad_linear(module):
    from shapecheck.ir.ad import linearize

    return linearize(module).linear
