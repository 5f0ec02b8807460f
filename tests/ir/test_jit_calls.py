"""``shapecheck.jit`` functions calling other functions, as Numba code calls other ``@njit``
functions: the callee (jitted or plain Python, from the caller's globals or closure) is inlined
from its source, with Python's evaluation order, against NumPy (these functions run as Python
too)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

SOFT = 1e-9


def norm2(a, b):
    d = a - b
    return d * d


@shapecheck.jit
def dist(a, b, eps=0.0):
    """A jitted helper: called from another jitted function, it is inlined."""
    return math.sqrt(norm2(a, b) + eps + SOFT)


def both(a, b):
    return a + b, a - b


def row_peak(r):
    return r.max() - r.min()


def clipped(v, hi):
    if v > hi:
        return hi
    elif v < -hi:
        return -hi
    return v


def element_or_zero(x, i):
    if i < x.shape[0]:
        return x[i]   # read only where the test holds, as Python reads it
    return 0.0


def ignores(v):
    return 1.0


def recursive(v):
    return recursive(v) + 1.0


def looping(v):
    for _ in range(3):
        v = v * 2.0
    return v


def gaps(x):
    out = np.empty(x.shape[0] - 1)
    for i in range(x.shape[0] - 1):
        out[i] = dist(x[i], x[i + 1], eps=1e-6)
    return out


def count_small(x):
    i = 0
    while i < x.shape[0] and norm2(x[i], 0.0) < 0.25:
        i += 1
    return i


def sums(x):
    s = 0.0
    d = 0.0
    for i in range(x.shape[0]):
        p, q = both(x[i], 1.0)
        s += p
        d += q
    return s, d


def peaks(x):
    out = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        out[i] = row_peak(x[i])
    return out


def clip_all(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = clipped(x[i], hi=0.5)
    return out


def shifted(x, k):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = element_or_zero(x, i + k)
    return out


def reads_past_the_end(x):
    t = 0.0
    for i in range(x.shape[0]):
        t += ignores(x[i + 1])   # Python evaluates the argument: IndexError at the last i
    return t


def calls_recursive(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = recursive(x[i])
    return out


def calls_looping(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = looping(x[i])
    return out


def centre(a):
    return a - a.mean(axis=1, keepdims=True)


def whole_array(x, g):
    return np.tanh(centre(x) * g)


def closure_over(c):
    def inner(v):
        return v * c
    def outer(x):
        out = np.empty_like(x)
        for i in range(x.shape[0]):
            out[i] = inner(x[i])
        return out
    return outer


X = np.array([0.1, -0.3, 0.9, 0.2, -0.7])
M = np.random.default_rng(0).standard_normal((4, 6))


@pytest.mark.parametrize("fn, args", [
    (gaps, (X,)), (count_small, (X,)), (sums, (X,)), (peaks, (M,)), (clip_all, (X,)),
    (shifted, (X, 2)), (shifted, (X, -3)), (whole_array, (M, np.arange(6.0))), (closure_over(3.0), (X,)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_called_functions_are_inlined_and_match_python(fn, args):
    want = fn.py_func(*args) if hasattr(fn, "py_func") else fn(*args)
    got = shapecheck.jit(fn)(*args)
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert np.asarray(got).dtype == np.asarray(want).dtype


def test_a_jitted_callee_still_runs_on_its_own():
    assert dist(3.0, 1.0) == pytest.approx(2.0)


def test_an_argument_is_evaluated_even_when_the_callee_ignores_it():
    with pytest.raises(IndexError):
        reads_past_the_end(X)
    with pytest.raises(IndexError):
        shapecheck.jit(reads_past_the_end)(X)


def test_what_is_not_inlined_is_named():
    with pytest.raises(UnsupportedError, match=r"in recursive\(\).*recursion is not compiled"):
        shapecheck.jit(calls_recursive)(X)
    with pytest.raises(UnsupportedError, match=r"in looping\(\).*only assignments to names and a final return.*for loop"):
        shapecheck.jit(calls_looping)(X)


def math_in_loops(x):
    out = np.empty_like(x)
    s = 0.0
    for i in range(x.shape[0]):
        out[i] = x[i] * math.sqrt(x[i])   # a Python float meets float32: float32
        s += math.exp(x[i])               # a Python float sum: in double
    return out, s


def math_of_scalars(x):
    return math.sqrt(x[0]) + math.log(x[1])


def attention(q, k):
    s = q @ k.T / math.sqrt(q.shape[-1])   # Python's math of a size: a constant
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("fn, args", [
    (math_in_loops, (np.linspace(0.5, 2.0, 7).astype(np.float32),)),
    (math_of_scalars, (np.linspace(0.5, 2.0, 7).astype(np.float32),)),
    (attention, (np.random.default_rng(0).standard_normal((8, 4)), np.random.default_rng(1).standard_normal((6, 4)))),
], ids=lambda v: getattr(v, "__name__", ""))
def test_math_computes_in_double_and_gives_python_floats(fn, args):
    want = fn(*args)
    got = shapecheck.jit(fn)(*args)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_allclose(g, w, rtol=1e-15 if np.asarray(w).dtype == np.float64 else 1e-7)
        assert np.asarray(g).dtype == np.asarray(w).dtype


def project(a, w):
    return a @ w


def projected(x, w):
    return np.tanh(project(x, w))


def projected_rows(x, w):
    out = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        out[i] = project(x, w)[i, 0]
    return out


@pytest.mark.parametrize("fn", [projected, projected_rows], ids=lambda f: f.__name__)
def test_a_shape_error_inside_a_callee_is_numpys_value_error_at_the_call(fn):
    x, w = np.ones((3, 4)), np.ones((5, 2))
    with pytest.raises(ValueError):
        fn(x, w)   # what Python with NumPy does
    line = fn.__code__.co_firstlineno + (1 if fn is projected else 3)
    with pytest.raises(ValueError, match=rf"line {line}: call to project\(\) fails: matmul.*\(3, 4\).*\(5, 2\)") as got:
        shapecheck.jit(fn)(x, w)
    assert not isinstance(got.value, UnsupportedError)


def test_the_analyser_reads_callees_and_numbers_but_never_a_name_bound_twice():
    from shapecheck.ir.sources import Helper, Outside, analysis_source, outside_of
    text = analysis_source("def f(x):\n    return g(x)\n", outside_of(projected))
    assert "def project(a, w):" in text and text.startswith("def f(x):\n    return g(x)\n")
    one, other = outside_of(projected).helpers["project"], outside_of(gaps).helpers["dist"]
    clash = Outside(numbers={"K": 2}, helpers={"project": one, "p": Helper(other.node, other.fn)})
    assert "K = 2" not in analysis_source("", clash) and "p = dist" in analysis_source("", clash)
    # `dist`'s own helpers bring a number SOFT; a caller's SOFT of another value is a clash: neither is read
    # (a caller's own number is assigned on its first line: with a callee's of another value, no callee is read)
    clashing = Outside(numbers={"SOFT": 0.5}, helpers={"dist": Helper(other.node, other.fn)})
    assert analysis_source("", clashing) == ""
    agreeing = Outside(numbers={"SOFT": 1e-9}, helpers={"dist": Helper(other.node, other.fn)})
    assert "SOFT =" not in analysis_source("", agreeing) and "def dist(a, b, eps=0.0):" in analysis_source("", agreeing)
