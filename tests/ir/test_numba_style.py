"""The benchmark kernels (``benchmarks/kernels_numba_style.py``), written as Numba users write
them, compile through ``shapecheck.jit`` and agree with NumPy's own formulation and with the same
function run as plain Python (issue 12, item 2)."""

from __future__ import annotations

import os
import sys

import numpy as np
import pytest

import shapecheck
from results import assert_same_results

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "benchmarks"))
import kernels_numba_style as K  # noqa: E402

def _stencil(a):
    out = a.copy()
    out[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    return out


# NumPy formulations of what each kernel computes (independent of the loop code).
NUMPY = {
    "stencil_2d": _stencil,
    "kmeans_assign": lambda p, c: np.argmin(((p[:, None, :] - c[None]) ** 2).sum(-1), axis=1),
    "pairwise_distances": lambda x, y: np.linalg.norm(x[:, None] - y[None], axis=-1),
    "cumulative_sum": np.cumsum,
    "histogram": lambda x, edges: np.histogram(x, edges)[0],
}


def close(got, expected):
    assert_same_results(got, expected, rtol=1e-9)


@pytest.mark.parametrize("name", sorted(K.KERNELS))
def test_kernel_matches_plain_python_and_numpy(name):
    kernel, make = K.KERNELS[name]
    compiled = shapecheck.jit(kernel)
    for n in (1, 2, 37):
        args = make(n, seed=n)
        got = compiled(*args)
        close(got, kernel(*args))
        if name in NUMPY:
            close(got, NUMPY[name](*args))
    assert compiled.compiles == 3 and compiled._failed is None


def test_black_scholes_put_call_parity():
    price, strike, years, rate, vol = K._options(50)
    call, put = shapecheck.jit(K.black_scholes)(price, strike, years, rate, vol)
    np.testing.assert_allclose(call - put, price - strike * np.exp(-rate * years), rtol=1e-9, atol=1e-9)


def test_mandelbrot_counts_are_integers_and_bounded():
    xs, ys, max_iter = K._plane(40)
    out = shapecheck.jit(K.mandelbrot)(xs, ys, max_iter)
    assert out.dtype == np.int64 and out.min() >= 0 and out.max() == max_iter
