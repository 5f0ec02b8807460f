"""Loop code's library and call overhead against Numba and NumPy, in one run (issue 12).

- Sorting 10**6 float64: ``np.sort`` and ``np.argsort`` (stable) under ``shapecheck.jit``,
  ``numba.njit`` and NumPy itself (NumPy's default sort and its stable argsort).
- The cost of one call of a small kernel (100 elements) with a scalar argument, passed as a
  Python float, a NumPy scalar and a 0-d array, and of one returning a number: what a call
  through the native entry costs, against ``numba.njit``.
- A window mean whose output size comes from an int argument (``np.empty(n - k + 1)``): one
  compile for every ``k``.
- Boolean masks and sizes the data decides (``loopmasks``): assignment through a mask, a
  selection reduced, a selection made (a count, a cut, a copy), centroids by mask, ``np.unique``;
  writes through integer arrays (``np.add.at``, ``x[idx] += v``) and a list built by ``append``
  (``looplists``).

Medians in ms over ``--budget`` seconds each (calls: microseconds per call over ``--calls`` calls).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import shapecheck  # noqa: E402
from bench_compile import median_ms  # noqa: E402
from report_header import emit  # noqa: E402


def sort_values(x):
    return np.sort(x)


def sort_order(x):
    return np.argsort(x, kind="stable")


def scale(x, a):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] * a
    return out


def total(x, k):
    s = 0.0
    for i in range(k):
        s += x[i]
    return s


def weighted_bins(idx, w):
    counts = np.zeros(1000)
    np.add.at(counts, idx, w)
    return counts


def scatter_add(x, idx, v):
    y = x.copy()
    y[idx] += v
    return y


def collected(x):
    out = []
    for i in range(x.shape[0]):
        if x[i] > 0.5:
            out.append(x[i])
    return np.array(out)


def window_mean(x, k):
    out = np.empty(x.shape[0] - k + 1)
    s = x[:k].sum()
    out[0] = s / k
    for i in range(1, out.shape[0]):
        s += x[i + k - 1] - x[i - 1]
        out[i] = s / k
    return out


def clip_negative(x):
    y = x.copy()
    y[y < 0] = 0.0
    return y


def positive_sum(x):
    return x[x > 0].sum()


def selected(x):
    return x[x > 0.5]


def centroids(X, labels, k):
    C = np.zeros((k, X.shape[1]))
    for j in range(k):
        C[j] = X[labels == j].mean(axis=0)
    return C


def distinct(a):
    return np.unique(a)


def per_call_us(fn, args, calls: int) -> float:
    fn(*args)
    start = time.perf_counter()
    for _ in range(calls):
        fn(*args)
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of timing per measurement")
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--write", help="also write the tables (markdown) to this file")
    options = parser.parse_args()
    try:
        import numba
        njit = numba.njit
    except ImportError:
        njit = None
    rng = np.random.default_rng(0)
    x = rng.standard_normal(10 ** 6)
    lines = ["| sort 10**6 float64 | NumPy | numba.njit | shapecheck.jit |", "|---|---:|---:|---:|"]
    for label, fn, numpy_fn in (("np.sort", sort_values, np.sort),
                                ("np.argsort (stable)", sort_order, lambda v: np.argsort(v, kind="stable"))):
        ours = shapecheck.jit(fn)
        assert np.array_equal(ours(x), numpy_fn(x))
        numba_ms = f"{median_ms(njit(fn), (x,), options.budget):.1f}" if njit and label == "np.sort" else \
            (f"{median_ms(njit(lambda v: np.argsort(v)), (x,), options.budget):.1f} (its default kind)" if njit else "")
        lines.append(f"| {label} | {median_ms(numpy_fn, (x,), options.budget):.1f} | {numba_ms} | "
                     f"{median_ms(ours, (x,), options.budget):.1f} |")
    small = rng.standard_normal(100)
    lines += ["", "| one call, 100 elements (us per call) | numba.njit | shapecheck.jit |", "|---|---:|---:|"]
    for label, fn, args in (("scale(x, a), a a Python float", scale, (small, 2.0)),
                            ("scale(x, a), a a NumPy float64", scale, (small, np.float64(2.0))),
                            ("scale(x, a), a a 0-d array", scale, (small, np.array(2.0))),
                            ("total(x, k): a Python int in, a number out", total, (small, 50))):
        ours = shapecheck.jit(fn)
        theirs = f"{per_call_us(njit(fn), args, options.calls):.2f}" if njit else ""
        lines.append(f"| {label} | {theirs} | {per_call_us(ours, args, options.calls):.2f} |")
    ours = shapecheck.jit(window_mean)
    for k in (1, 5, 50, 500):
        assert np.allclose(ours(x, k), window_mean(x, k))
    lines += ["", f"window_mean(x, k) for k in 1, 5, 50, 500 on 10**6: {ours.compiles} compile(s); "
                  f"{median_ms(ours, (x, 50), options.budget):.2f} ms per call"
                  + (f" (numba.njit {median_ms(njit(window_mean), (x, 50), options.budget):.2f} ms)" if njit else "")]
    X = rng.standard_normal((10 ** 5, 8))
    labels = rng.integers(0, 16, 10 ** 5)
    ints = rng.integers(0, 1000, 10 ** 6)
    lines += ["", "| masks, integer-array writes, lists and sizes the data decides | NumPy | numba.njit | shapecheck.jit |", "|---|---:|---:|---:|"]
    for label, fn, args in (("y[y < 0] = 0 on 10**6 float64", clip_negative, (x,)),
                            ("x[x > 0].sum() on 10**6", positive_sum, (x,)),
                            ("x[x > 0.5] (made, a count then a copy) on 10**6", selected, (x,)),
                            ("X[labels == j].mean(axis=0), 16 centroids of (10**5, 8)", centroids, (X, labels, 16)),
                            ("np.unique of 10**6 ints below 1000", distinct, (ints,)),
                            ("np.add.at(bins, idx, w): 10**6 weights into 1000 bins", weighted_bins, (ints, x)),
                            ("y[idx] += v, 10**6 indices (repeated) into 10**6", scatter_add, (x, ints * 997, x)),
                            ("a list of the x[i] > 0.5 appended, np.array of it, 10**6", collected, (x,))):
        ours = shapecheck.jit(fn)
        assert np.allclose(ours(*args), fn(*args))
        theirs = ""
        if njit:
            try:
                theirs = f"{median_ms(njit(fn), args, options.budget):.2f}"
            except Exception as error:   # what Numba does not compile: said, not hidden
                theirs = f"fails ({type(error).__name__})"
        lines.append(f"| {label} | {median_ms(fn, args, options.budget):.2f} | {theirs} | "
                     f"{median_ms(ours, args, options.budget):.2f} |")
    emit("Loop code's library and call overhead (issue 12)", "\n".join(lines) + "\n", options.write)


if __name__ == "__main__":
    main()
