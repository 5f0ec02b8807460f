"""Kernels as Numba users write them: explicit loops over elements, scalar accumulators,
``math`` functions, arrays allocated up front. Pure functions without decorators, so the same
source runs as plain Python (the reference), under ``shapecheck.jit`` and under ``numba.njit``.

Shared by the tests (``tests/ir/test_numba_style.py``: each kernel compiled through the loop
front end against NumPy and plain Python) and the benchmarks (``bench_numba_style.py``).
``KERNELS`` maps each name to the kernel and a function making its arguments for a size.
"""

from __future__ import annotations

import math

import numpy as np


def stencil_2d(a):
    """One Jacobi step of the 5-point Laplace stencil; the border is kept."""
    n, m = a.shape
    out = a.copy()
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            out[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])
    return out


def kmeans_assign(points, centroids):
    """The index of each point's nearest centroid (squared Euclidean distance)."""
    n, d = points.shape
    k = centroids.shape[0]
    labels = np.empty(n, dtype=np.int64)
    for i in range(n):
        best = 0
        best_dist = np.inf
        for c in range(k):
            dist = 0.0
            for j in range(d):
                diff = points[i, j] - centroids[c, j]
                dist += diff * diff
            if dist < best_dist:
                best_dist = dist
                best = c
        labels[i] = best
    return labels


def pairwise_distances(x, y):
    """Euclidean distances between the rows of x and of y, by broadcasting (NumPy style)."""
    diff = x[:, None, :] - y[None, :, :]
    return np.sqrt((diff * diff).sum(axis=-1))


def cumulative_sum(x):
    """np.cumsum by hand: a loop-carried accumulator."""
    out = np.empty_like(x)
    total = 0.0
    for i in range(x.shape[0]):
        total += x[i]
        out[i] = total
    return out


def nbody_step(pos, vel, mass, dt):
    """One leapfrog-style step of n bodies under softened gravity (G = 1)."""
    n = pos.shape[0]
    acc = np.zeros_like(pos)
    for i in range(n):
        ax = 0.0
        ay = 0.0
        az = 0.0
        for j in range(n):
            if i == j:
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            dist2 = dx * dx + dy * dy + dz * dz + 1e-3
            inv = mass[j] / (dist2 * math.sqrt(dist2))
            ax += dx * inv
            ay += dy * inv
            az += dz * inv
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = az
    new_vel = np.empty_like(vel)
    new_pos = np.empty_like(pos)
    for i in range(n):
        for k in range(3):
            new_vel[i, k] = vel[i, k] + dt * acc[i, k]
            new_pos[i, k] = pos[i, k] + dt * new_vel[i, k]
    return new_pos, new_vel


def black_scholes(price, strike, years, rate, volatility):
    """European call and put prices (Black-Scholes), one option per element."""
    n = price.shape[0]
    call = np.empty_like(price)
    put = np.empty_like(price)
    for i in range(n):
        s = price[i]
        k = strike[i]
        t = years[i]
        sqrt_t = math.sqrt(t)
        d1 = (math.log(s / k) + (rate + 0.5 * volatility * volatility) * t) / (volatility * sqrt_t)
        d2 = d1 - volatility * sqrt_t
        cnd1 = 0.5 * (1.0 + math.erf(d1 / math.sqrt(2.0)))
        cnd2 = 0.5 * (1.0 + math.erf(d2 / math.sqrt(2.0)))
        discount = k * math.exp(-rate * t)
        call[i] = s * cnd1 - discount * cnd2
        put[i] = discount * (1.0 - cnd2) - s * (1.0 - cnd1)
    return call, put


def mandelbrot(xs, ys, max_iter):
    """Escape-time counts over the grid xs × ys (a while loop with a break)."""
    h = ys.shape[0]
    w = xs.shape[0]
    out = np.zeros((h, w), dtype=np.int64)
    for i in range(h):
        for j in range(w):
            cr = xs[j]
            ci = ys[i]
            zr = 0.0
            zi = 0.0
            n = 0
            while n < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                n += 1
            out[i, j] = n
    return out


def histogram(x, edges):
    """Counts of x in the uniform bins between consecutive edges (the last bin closed, as
    np.histogram's)."""
    nbins = edges.shape[0] - 1
    counts = np.zeros(nbins, dtype=np.int64)
    lo = edges[0]
    hi = edges[nbins]
    scale = nbins / (hi - lo)
    for i in range(x.shape[0]):
        v = x[i]
        if v >= lo and v <= hi:
            b = int((v - lo) * scale)
            if b >= nbins:
                b = nbins - 1
            counts[b] += 1
    return counts


def _grid(n, seed=0):
    return (np.random.default_rng(seed).standard_normal((n, n)),)


def _kmeans(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, 8)), rng.standard_normal((16, 8))


def _pairs(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, 3)), rng.standard_normal((n // 2 + 1, 3))


def _vector(n, seed=0):
    return (np.random.default_rng(seed).standard_normal(n),)


def _bodies(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, 3)), rng.standard_normal((n, 3)), rng.random(n) + 0.5, 0.01


def _options(n, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.uniform(10.0, 100.0, n), rng.uniform(10.0, 100.0, n), rng.uniform(0.1, 2.0, n), 0.02, 0.3)


def _plane(n, seed=0):
    return np.linspace(-2.0, 1.0, n), np.linspace(-1.5, 1.5, n // 2 + 1), 100


def _samples(n, seed=0):
    return np.random.default_rng(seed).standard_normal(n), np.linspace(-3.0, 3.0, 33)


# name -> (kernel, arguments for a size n)
KERNELS = {
    "stencil_2d": (stencil_2d, _grid),
    "kmeans_assign": (kmeans_assign, _kmeans),
    "pairwise_distances": (pairwise_distances, _pairs),
    "cumulative_sum": (cumulative_sum, _vector),
    "nbody_step": (nbody_step, _bodies),
    "black_scholes": (black_scholes, _options),
    "mandelbrot": (mandelbrot, _plane),
    "histogram": (histogram, _samples),
}
