"""Numba-style kernels as people publish them (issue 12, stop 29): the loops of Numba's own
documentation and examples, Stack Overflow answers and scientific codes, written undecorated as a
user would before putting ``@njit`` (here ``shapecheck.jit``) on them. Never run by the analyser's
corpora; ``test_numba_user_kernels.py`` runs each compiled in a child process against the same
function run as plain Python (and NumPy's own formulation where there is one).

Sources (the shapes of the code, not copies): Numba's 5-minute guide (``go_fast``: a trace of
``np.tanh`` then an array plus a number) and its examples folder (``sum2d``, Laplace/Jacobi
relaxation, Mandelbrot-style escape loops); numba-benchmarks and SciPy-2016 Numba tutorial
kernels (Floyd-Warshall, edit distance as a DP table, CSR mat-vec, n-body updates); Stack
Overflow ``@njit`` answers (moving averages, running statistics, bubble/insertion sort, 2-D
histograms, interpolation by ``np.searchsorted``, convolution); textbook numerics (Horner,
trapezoid, forward substitution, explicit heat equation, logistic regression by gradient descent).

``CASES[name] = (kernel, make)``: ``make(n, dtype, rng)`` returns the arguments for size ``n``;
``DTYPES[name]`` the element dtypes each is tried with (float64 first)."""

from __future__ import annotations

import math

import numpy as np


# --- Numba's documentation ------------------------------------------------------------------

def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


def sum2d(arr):
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i, j]
    return result


def monte_carlo_pi(xs, ys):
    acc = 0
    for i in range(xs.shape[0]):
        if (xs[i] ** 2 + ys[i] ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / xs.shape[0]


# --- scans, running statistics ----------------------------------------------------------------

def prefix_sum(x):
    out = np.empty_like(x)
    acc = x[0] * 0
    for i in range(x.shape[0]):
        acc += x[i]
        out[i] = acc
    return out


def running_mean_var(x):
    # Welford's online algorithm
    n = 0
    mean = 0.0
    m2 = 0.0
    for i in range(x.shape[0]):
        n += 1
        delta = x[i] - mean
        mean += delta / n
        m2 += delta * (x[i] - mean)
    return mean, m2 / n


def moving_average(x, w):
    n = x.shape[0]
    out = np.zeros(n - w + 1)
    s = 0.0
    for i in range(w):
        s += x[i]
    out[0] = s / w
    for i in range(w, n):
        s += x[i] - x[i - w]
        out[i - w + 1] = s / w
    return out


def ewma(x, alpha):
    out = np.empty(x.shape[0])
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = alpha * x[i] + (1.0 - alpha) * out[i - 1]
    return out


def max_drawdown(prices):
    peak = prices[0]
    worst = 0.0
    for i in range(prices.shape[0]):
        if prices[i] > peak:
            peak = prices[i]
        dd = (peak - prices[i]) / peak
        if dd > worst:
            worst = dd
    return worst


def kadane(x):
    best = x[0]
    cur = x[0]
    for i in range(1, x.shape[0]):
        cur = max(x[i], cur + x[i])
        best = max(best, cur)
    return best


def argmax_loop(x):
    best = 0
    for i in range(1, x.shape[0]):
        if x[i] > x[best]:
            best = i
    return best


def rolling_std(x, w):
    n = x.shape[0]
    out = np.full(n, np.nan)
    for i in range(w - 1, n):
        s = 0.0
        ss = 0.0
        for j in range(i - w + 1, i + 1):
            s += x[j]
            ss += x[j] * x[j]
        m = s / w
        out[i] = math.sqrt(max(ss / w - m * m, 0.0))
    return out


# --- sorting and searching ---------------------------------------------------------------------

def bubble_sort(x):
    a = x.copy()
    n = a.shape[0]
    for i in range(n):
        swapped = False
        for j in range(n - i - 1):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        if not swapped:
            break
    return a


def insertion_sort(x):
    a = x.copy()
    for i in range(1, a.shape[0]):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a


def binary_search(sorted_x, values):
    out = np.empty(values.shape[0], dtype=np.int64)
    for k in range(values.shape[0]):
        lo = 0
        hi = sorted_x.shape[0]
        while lo < hi:
            mid = (lo + hi) // 2
            if sorted_x[mid] < values[k]:
                lo = mid + 1
            else:
                hi = mid
        out[k] = lo
    return out


def count_inversions(x):
    count = 0
    n = x.shape[0]
    for i in range(n):
        for j in range(i + 1, n):
            if x[i] > x[j]:
                count += 1
    return count


# --- matrices by loops ------------------------------------------------------------------------

def matmul_loops(a, b):
    n, k = a.shape
    m = b.shape[1]
    c = np.zeros((n, m))
    for i in range(n):
        for j in range(m):
            s = 0.0
            for p in range(k):
                s += a[i, p] * b[p, j]
            c[i, j] = s
    return c


def matvec_loops(a, x):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i] += a[i, j] * x[j]
    return out


def transpose_loops(a):
    out = np.empty((a.shape[1], a.shape[0]), dtype=a.dtype)
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[j, i] = a[i, j]
    return out


def forward_substitution(L, b):
    n = b.shape[0]
    x = np.zeros(n)
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= L[i, j] * x[j]
        x[i] = s / L[i, i]
    return x


def csr_matvec(data, indices, indptr, x):
    n = indptr.shape[0] - 1
    y = np.zeros(n)
    for row in range(n):
        for k in range(indptr[row], indptr[row + 1]):
            y[row] += data[k] * x[indices[k]]
    return y


def floyd_warshall(dist):
    d = dist.copy()
    n = d.shape[0]
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]
    return d


# --- dynamic programming ----------------------------------------------------------------------

def edit_distance(a, b):
    m = a.shape[0]
    n = b.shape[0]
    d = np.zeros((m + 1, n + 1), dtype=np.int64)
    for i in range(m + 1):
        d[i, 0] = i
    for j in range(n + 1):
        d[0, j] = j
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i, j] = min(d[i - 1, j] + 1, d[i, j - 1] + 1, d[i - 1, j - 1] + cost)
    return d[m, n]


def lcs_length(a, b):
    m = a.shape[0]
    n = b.shape[0]
    table = np.zeros((m + 1, n + 1), dtype=np.int64)
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if a[i - 1] == b[j - 1]:
                table[i, j] = table[i - 1, j - 1] + 1
            else:
                table[i, j] = max(table[i - 1, j], table[i, j - 1])
    return table[m, n]


# --- stencils, filters, convolution -----------------------------------------------------------

def jacobi_relax(u, iters):
    a = u.copy()
    b = u.copy()
    for _ in range(iters):
        for i in range(1, a.shape[0] - 1):
            for j in range(1, a.shape[1] - 1):
                b[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])
        a, b = b, a
    return a


def box_blur(img):
    h, w = img.shape
    out = np.zeros((h, w))
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            s = 0.0
            for di in range(-1, 2):
                for dj in range(-1, 2):
                    s += img[i + di, j + dj]
            out[i, j] = s / 9.0
    return out


def sobel_magnitude(img):
    h, w = img.shape
    out = np.zeros((h, w))
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            gx = (img[i - 1, j + 1] + 2 * img[i, j + 1] + img[i + 1, j + 1]
                  - img[i - 1, j - 1] - 2 * img[i, j - 1] - img[i + 1, j - 1])
            gy = (img[i + 1, j - 1] + 2 * img[i + 1, j] + img[i + 1, j + 1]
                  - img[i - 1, j - 1] - 2 * img[i - 1, j] - img[i - 1, j + 1])
            out[i, j] = math.sqrt(gx * gx + gy * gy)
    return out


def convolve1d(x, k):
    n = x.shape[0] - k.shape[0] + 1
    out = np.zeros(n)
    for i in range(n):
        for j in range(k.shape[0]):
            out[i] += x[i + j] * k[k.shape[0] - 1 - j]
    return out


def convolve2d(img, kern):
    kh, kw = kern.shape
    oh = img.shape[0] - kh + 1
    ow = img.shape[1] - kw + 1
    out = np.zeros((oh, ow))
    for i in range(oh):
        for j in range(ow):
            acc = 0.0
            for p in range(kh):
                for q in range(kw):
                    acc += img[i + p, j + q] * kern[p, q]
            out[i, j] = acc
    return out


def game_of_life(board):
    h, w = board.shape
    new = np.zeros_like(board)
    for i in range(h):
        for j in range(w):
            alive = 0
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if di == 0 and dj == 0:
                        continue
                    alive += board[(i + di) % h, (j + dj) % w]
            if board[i, j] == 1 and (alive == 2 or alive == 3):
                new[i, j] = 1
            elif board[i, j] == 0 and alive == 3:
                new[i, j] = 1
    return new


def heat_1d(u0, steps, r):
    u = u0.copy()
    v = np.empty_like(u)
    n = u.shape[0]
    for _ in range(steps):
        v[0] = u[0]
        v[n - 1] = u[n - 1]
        for i in range(1, n - 1):
            v[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1])
        u, v = v, u
    return u


# --- histograms and interpolation -------------------------------------------------------------

def histogram2d(x, y, nbins):
    H = np.zeros((nbins, nbins), dtype=np.int64)
    xmin, xmax = x.min(), x.max()
    ymin, ymax = y.min(), y.max()
    for i in range(x.shape[0]):
        bx = int((x[i] - xmin) / (xmax - xmin) * nbins)
        by = int((y[i] - ymin) / (ymax - ymin) * nbins)
        if bx == nbins:
            bx -= 1
        if by == nbins:
            by -= 1
        H[bx, by] += 1
    return H


def bincount_loop(labels, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    for i in range(labels.shape[0]):
        counts[labels[i]] += 1
    return counts


def interp_searchsorted(xp, fp, x):
    out = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        j = np.searchsorted(xp, x[i])
        if j == 0:
            out[i] = fp[0]
        elif j == xp.shape[0]:
            out[i] = fp[xp.shape[0] - 1]
        else:
            t = (x[i] - xp[j - 1]) / (xp[j] - xp[j - 1])
            out[i] = fp[j - 1] + t * (fp[j] - fp[j - 1])
    return out


# --- numerics ---------------------------------------------------------------------------------

def horner(coeffs, x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        acc = 0.0
        for c in coeffs:
            acc = acc * x[i] + c
        out[i] = acc
    return out


def trapezoid(y, dx):
    s = 0.0
    for i in range(1, y.shape[0]):
        s += 0.5 * (y[i] + y[i - 1]) * dx
    return s


def logistic_gd(X, y, lr, iters):
    w = np.zeros(X.shape[1])
    for _ in range(iters):
        z = X @ w
        p = 1.0 / (1.0 + np.exp(-z))
        grad = X.T @ (p - y) / X.shape[0]
        w = w - lr * grad
    return w


def particles_step(pos, vel, dt, box):
    n = pos.shape[0]
    for i in range(n):
        for d in range(pos.shape[1]):
            pos[i, d] += vel[i, d] * dt
            if pos[i, d] < 0.0:
                pos[i, d] = -pos[i, d]
                vel[i, d] = -vel[i, d]
            elif pos[i, d] > box:
                pos[i, d] = 2 * box - pos[i, d]
                vel[i, d] = -vel[i, d]
    return pos, vel


def nearest_neighbour(points, queries):
    out = np.empty(queries.shape[0], dtype=np.int64)
    for q in range(queries.shape[0]):
        best = np.inf
        arg = -1
        for p in range(points.shape[0]):
            d = 0.0
            for k in range(points.shape[1]):
                t = points[p, k] - queries[q, k]
                d += t * t
            if d < best:
                best = d
                arg = p
        out[q] = arg
    return out


def haversine(lat1, lon1, lat2, lon2):
    out = np.empty(lat1.shape[0])
    for i in range(lat1.shape[0]):
        p1 = math.radians(lat1[i])
        p2 = math.radians(lat2[i])
        dp = p2 - p1
        dl = math.radians(lon2[i] - lon1[i])
        a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        out[i] = 6371.0 * 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a))
    return out


def collatz_steps(starts):
    out = np.zeros(starts.shape[0], dtype=np.int64)
    for i in range(starts.shape[0]):
        n = starts[i]
        steps = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        out[i] = steps
    return out


def sieve(n):
    is_prime = np.ones(n + 1, dtype=np.bool_)
    is_prime[0] = False
    is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    return is_prime


def row_softmax_loops(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        m = x[i, 0]
        for j in range(1, x.shape[1]):
            m = max(m, x[i, j])
        s = 0.0
        for j in range(x.shape[1]):
            out[i, j] = math.exp(x[i, j] - m)
            s += out[i, j]
        for j in range(x.shape[1]):
            out[i, j] /= s
    return out


def euler_ode(y0, k, dt, steps):
    # dy/dt = -k * y for a vector of decay rates, recorded at every step
    traj = np.empty((steps + 1, y0.shape[0]))
    traj[0] = y0
    y = y0.copy()
    for t in range(steps):
        y = y - dt * k * y
        traj[t + 1] = y
    return traj


def threshold_list(x, c):
    out = []
    for i in range(x.shape[0]):
        if x[i] > c:
            out.append(i)
    return np.array(out, dtype=np.int64)


def while_list_until(x, limit):
    # appends in a while loop: take elements until their sum passes the limit
    out = []
    s = 0.0
    i = 0
    while i < x.shape[0] and s < limit:
        out.append(x[i])
        s += x[i]
        i += 1
    return np.array(out)


def peaks_list(x):
    peaks = []
    for i in range(1, x.shape[0] - 1):
        if x[i] > x[i - 1] and x[i] >= x[i + 1]:
            peaks.append(i)
    return np.array(peaks)


# --- more of what users write: reversed ranges, swaps, writes into an argument, bits ----------

def back_substitution(U, b):
    n = b.shape[0]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        s = b[i]
        for j in range(i + 1, n):
            s -= U[i, j] * x[j]
        x[i] = s / U[i, i]
    return x


def fibonacci_mod(n, m):
    out = np.empty(n, dtype=np.int64)
    a, b = 0, 1
    for i in range(n):
        out[i] = a
        a, b = b, (a + b) % m
    return out


def scale_into(x, out, factor):
    # no return: the result is written into an argument, as with Numba's out= style
    for i in range(len(x)):
        out[i] = x[i] * factor


def zip_enumerate_dot(x, y):
    total = 0.0
    for i, (a, b) in enumerate(zip(x, y)):
        total += (i + 1) * a * b
    return total


def volume_mean(v):
    nx, ny, nz = v.shape
    out = np.zeros((nx, ny))
    for i in range(nx):
        for j in range(ny):
            s = 0.0
            for k in range(nz):
                s += v[i, j, k]
            out[i, j] = s / nz
    return out


def normalize_rows(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        norm = np.sqrt(np.sum(x[i, :] ** 2))
        if norm > 0:
            out[i, :] = x[i, :] / norm
        else:
            out[i, :] = 0.0
    return out


def popcount(values):
    out = np.empty(values.shape[0], dtype=np.int64)
    for i in range(values.shape[0]):
        v = values[i]
        c = 0
        while v:
            c += v & 1
            v >>= 1
        out[i] = c
    return out


def is_sorted(x):
    for i in range(x.size - 1):
        if x[i] > x[i + 1]:
            return False
    return True


def gd_until_converged(A, b, lr, tol, max_iter):
    x = np.zeros(A.shape[1])
    it = 0
    err = np.inf
    while err > tol and it < max_iter:
        r = A @ x - b
        g = A.T @ r
        x = x - lr * g
        err = np.sqrt(np.sum(r * r))
        it += 1
    return x, it


def kmeans_labels(points, centers):
    labels = np.empty(points.shape[0], dtype=np.int64)
    for i in range(points.shape[0]):
        d = np.empty(centers.shape[0])
        for k in range(centers.shape[0]):
            d[k] = np.sum((points[i] - centers[k]) ** 2)
        labels[i] = np.argmin(d)
    return labels


def digitize_floor(x, lo, width, nbins):
    out = np.zeros(nbins, dtype=np.int64)
    for v in x:
        b = math.floor((v - lo) / width)
        if 0 <= b < nbins:
            out[b] += 1
    return out


def random_walk_fixed(steps):
    # a random walk from steps drawn outside (the draws are inputs), clipped at zero
    pos = np.empty(steps.shape[0] + 1)
    pos[0] = 0.0
    for i in range(steps.shape[0]):
        pos[i + 1] = max(pos[i] + steps[i], 0.0)
    return pos


def monte_carlo_inside(n):
    # np.random inside the kernel: Numba supports it, with its own generator's stream
    acc = 0
    for _ in range(n):
        x = np.random.random()
        y = np.random.random()
        if x * x + y * y < 1.0:
            acc += 1
    return acc


# --- a second round: endless loops left by return, reversed ranges, module constants -------

THRESH = 0.25


def reverse_cumsum(x):
    out = np.empty(x.shape[0], np.float64)
    acc = 0.0
    for i in range(len(x) - 1, -1, -1):
        acc += x[i]
        out[i] = acc
    return out

def while_true_search(x, target):
    i = 0
    while True:
        if i >= x.shape[0]:
            return -1
        if x[i] > target:
            return i
        i += 1

def row_update(X, v):
    out = X.copy()
    for i in range(out.shape[0]):
        out[i, :] += v * i
    return out

def relu_count(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += max(0, x[i])
    return s

def global_threshold(x):
    c = 0
    for v in x:
        if abs(v) > THRESH:
            c += 1
    return c

def bool_flags(x):
    flags = np.zeros((x.shape[0],), dtype=np.bool_)
    for i in range(1, x.shape[0]):
        flags[i] = x[i] > x[i - 1]
    return flags, flags.sum()

def mean_std(x):
    m = np.sum(x) / len(x)
    v = 0.0
    for e in x:
        v += (e - m) ** 2
    return m, math.sqrt(v / len(x))

def pairwise_min(X):
    n = X.shape[0]
    best = np.inf
    bi, bj = -1, -1
    for i in range(n):
        for j in range(i + 1, n):
            d = np.sqrt(np.sum((X[i] - X[j]) ** 2))
            if d < best:
                best = d
                bi, bj = i, j
    return best, bi, bj

def cumulative_max_2d(a):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        m = -np.inf
        for j in range(a.shape[1]):
            m = max(m, a[i, j])
            out[i, j] = m
    return out

def tridiagonal_solve(a, b, c, d):
    n = d.shape[0]
    cp = np.zeros(n)
    dp = np.zeros(n)
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x = np.zeros(n)
    x[n - 1] = dp[n - 1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x

def power_iteration(A, iters):
    v = np.ones(A.shape[0])
    lam = 0.0
    for _ in range(iters):
        w = A @ v
        lam = np.linalg.norm(w)
        v = w / lam
    return lam, v

def lerp_grid(xs, ys, q):
    out = np.empty(q.shape[0])
    for k in range(q.shape[0]):
        i = min(max(int(q[k]), 0), xs.shape[0] - 2)
        t = q[k] - i
        out[k] = ys[i] * (1 - t) + ys[i + 1] * t
    return out


# --- arguments for each kernel ----------------------------------------------------------------

def _vec(n, dtype, rng, lo=-1.0, hi=1.0):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return rng.integers(max(lo * 10, 0) if dtype.kind == "u" else lo * 10, hi * 10 + 1,
                            size=n).astype(dtype)
    return rng.uniform(lo, hi, size=n).astype(dtype)


def _mat(shape, dtype, rng, lo=-1.0, hi=1.0):
    return _vec(int(np.prod(shape)), dtype, rng, lo, hi).reshape(shape)


def _csr(n, rng):
    dense = rng.standard_normal((n, n)) * (rng.random((n, n)) < 0.3)
    indptr = [0]
    indices, data = [], []
    for row in dense:
        for j in np.flatnonzero(row):
            indices.append(j)
            data.append(row[j])
        indptr.append(len(indices))
    return (np.array(data, dtype=float), np.array(indices, dtype=np.int64),
            np.array(indptr, dtype=np.int64), rng.standard_normal(n))


def _graph(n, dtype, rng):
    d = _mat((n, n), dtype, rng, 1.0, 10.0)
    np.fill_diagonal(d, 0)
    return (d,)


def _csr_case(n, dtype, rng):
    return _csr(n, rng)


CASES = {
    "go_fast": (go_fast, lambda n, t, r: (_mat((n, n), t, r),)),
    "sum2d": (sum2d, lambda n, t, r: (_mat((n, n + 1), t, r),)),
    "monte_carlo_pi": (monte_carlo_pi, lambda n, t, r: (_vec(n, t, r), _vec(n, t, r))),
    "prefix_sum": (prefix_sum, lambda n, t, r: (_vec(n, t, r),)),
    "running_mean_var": (running_mean_var, lambda n, t, r: (_vec(n, t, r),)),
    "moving_average": (moving_average, lambda n, t, r: (_vec(n + 3, t, r), 3)),
    "ewma": (ewma, lambda n, t, r: (_vec(n, t, r), 0.3)),
    "max_drawdown": (max_drawdown, lambda n, t, r: (_vec(n, t, r, 1.0, 2.0),)),
    "kadane": (kadane, lambda n, t, r: (_vec(n, t, r),)),
    "argmax_loop": (argmax_loop, lambda n, t, r: (_vec(n, t, r),)),
    "rolling_std": (rolling_std, lambda n, t, r: (_vec(n + 2, t, r), 3)),
    "bubble_sort": (bubble_sort, lambda n, t, r: (_vec(n, t, r),)),
    "insertion_sort": (insertion_sort, lambda n, t, r: (_vec(n, t, r),)),
    "binary_search": (binary_search, lambda n, t, r: (np.sort(_vec(n, t, r)), _vec(n + 2, t, r))),
    "count_inversions": (count_inversions, lambda n, t, r: (_vec(n, t, r),)),
    "matmul_loops": (matmul_loops, lambda n, t, r: (_mat((n, n + 1), t, r), _mat((n + 1, 2), t, r))),
    "matvec_loops": (matvec_loops, lambda n, t, r: (_mat((n, n + 2), t, r), _vec(n + 2, t, r))),
    "transpose_loops": (transpose_loops, lambda n, t, r: (_mat((n, n + 3), t, r),)),
    "forward_substitution": (forward_substitution,
                             lambda n, t, r: (np.tril(_mat((n, n), t, r)) + 4 * np.eye(n, dtype=t),
                                              _vec(n, t, r))),
    "csr_matvec": (csr_matvec, _csr_case),
    "floyd_warshall": (floyd_warshall, _graph),
    "edit_distance": (edit_distance, lambda n, t, r: (_vec(n, t, r, 0, 0.3), _vec(n + 1, t, r, 0, 0.3))),
    "lcs_length": (lcs_length, lambda n, t, r: (_vec(n, t, r, 0, 0.3), _vec(n + 2, t, r, 0, 0.3))),
    "jacobi_relax": (jacobi_relax, lambda n, t, r: (_mat((n + 2, n + 3), t, r), 3)),
    "box_blur": (box_blur, lambda n, t, r: (_mat((n + 2, n + 1), t, r),)),
    "sobel_magnitude": (sobel_magnitude, lambda n, t, r: (_mat((n + 2, n + 2), t, r),)),
    "convolve1d": (convolve1d, lambda n, t, r: (_vec(n + 4, t, r), _vec(3, t, r))),
    "convolve2d": (convolve2d, lambda n, t, r: (_mat((n + 2, n + 3), t, r), _mat((3, 2), t, r))),
    "game_of_life": (game_of_life, lambda n, t, r: ((r.random((n + 2, n + 3)) < 0.4).astype(t),)),
    "heat_1d": (heat_1d, lambda n, t, r: (_vec(n + 2, t, r), 4, 0.2)),
    "histogram2d": (histogram2d, lambda n, t, r: (_vec(n + 1, t, r), _vec(n + 1, t, r), 4)),
    "bincount_loop": (bincount_loop, lambda n, t, r: (r.integers(0, 5, size=n).astype(t), 5)),
    "interp_searchsorted": (interp_searchsorted,
                            lambda n, t, r: (np.cumsum(_vec(n + 1, t, r, 0.1, 1.0)),
                                             _vec(n + 1, t, r), _vec(n + 3, t, r, -0.5, 3.0))),
    "horner": (horner, lambda n, t, r: ((1.0, -2.0, 0.5, 3.0), _vec(n, t, r))),
    "trapezoid": (trapezoid, lambda n, t, r: (_vec(n + 1, t, r), 0.1)),
    "logistic_gd": (logistic_gd, lambda n, t, r: (_mat((n, 3), t, r), (r.random(n) < 0.5).astype(t),
                                                  0.5, 5)),
    "particles_step": (particles_step, lambda n, t, r: (_mat((n, 2), t, r, 0.0, 1.0),
                                                        _mat((n, 2), t, r, -1.0, 1.0), 0.3, 1.0)),
    "nearest_neighbour": (nearest_neighbour, lambda n, t, r: (_mat((n, 3), t, r), _mat((n + 2, 3), t, r))),
    "haversine": (haversine, lambda n, t, r: tuple(_vec(n, t, r, -80.0, 80.0) for _ in range(4))),
    "collatz_steps": (collatz_steps, lambda n, t, r: (r.integers(1, 50, size=n).astype(t),)),
    "sieve": (sieve, lambda n, t, r: (n + 2,)),
    "row_softmax_loops": (row_softmax_loops, lambda n, t, r: (_mat((n, 5), t, r),)),
    "euler_ode": (euler_ode, lambda n, t, r: (_vec(n, t, r), _vec(n, t, r, 0.0, 2.0), 0.1, 4)),
    "threshold_list": (threshold_list, lambda n, t, r: (_vec(n, t, r), 0.2)),
    "while_list_until": (while_list_until, lambda n, t, r: (_vec(n, t, r, 0.0, 1.0), n / 4)),
    "peaks_list": (peaks_list, lambda n, t, r: (_vec(n + 2, t, r),)),
    "back_substitution": (back_substitution,
                          lambda n, t, r: (np.triu(_mat((n, n), t, r)) + 4 * np.eye(n, dtype=t), _vec(n, t, r))),
    "fibonacci_mod": (fibonacci_mod, lambda n, t, r: (n + 3, 1000)),
    "scale_into": (scale_into, lambda n, t, r: (_vec(n, t, r), np.zeros(n, dtype=t), 2.5)),
    "zip_enumerate_dot": (zip_enumerate_dot, lambda n, t, r: (_vec(n, t, r), _vec(n, t, r))),
    "volume_mean": (volume_mean, lambda n, t, r: (_mat((n, 3, n + 1), t, r),)),
    "normalize_rows": (normalize_rows, lambda n, t, r: (np.vstack([_mat((n, 4), t, r), np.zeros((1, 4), t)]),)),
    "popcount": (popcount, lambda n, t, r: (r.integers(0, 1000, size=n).astype(t),)),
    "is_sorted": (is_sorted, lambda n, t, r: (np.sort(_vec(n, t, r)) if n % 2 else _vec(n, t, r),)),
    "gd_until_converged": (gd_until_converged, lambda n, t, r: (_mat((n + 3, 3), t, r), _vec(n + 3, t, r),
                                                                0.05, 1e-3, 50)),
    "kmeans_labels": (kmeans_labels, lambda n, t, r: (_mat((n, 2), t, r), _mat((3, 2), t, r))),
    "digitize_floor": (digitize_floor, lambda n, t, r: (_vec(n, t, r), -1.0, 0.25, 6)),
    "random_walk_fixed": (random_walk_fixed, lambda n, t, r: (_vec(n, t, r),)),
    "monte_carlo_inside": (monte_carlo_inside, lambda n, t, r: (n,)),
    "reverse_cumsum": (reverse_cumsum, lambda n, t, r: (_vec(n, t, r),)),
    "while_true_search": (while_true_search, lambda n, t, r: (_vec(n, t, r, 0.0, 1.0), 0.7)),
    "row_update": (row_update, lambda n, t, r: (_mat((n, 3), t, r), _vec(3, t, r))),
    "relu_count": (relu_count, lambda n, t, r: (_vec(n, t, r),)),
    "global_threshold": (global_threshold, lambda n, t, r: (_vec(n, t, r),)),
    "bool_flags": (bool_flags, lambda n, t, r: (_vec(n, t, r),)),
    "mean_std": (mean_std, lambda n, t, r: (_vec(n, t, r),)),
    "pairwise_min": (pairwise_min, lambda n, t, r: (_mat((n + 1, 2), t, r),)),
    "cumulative_max_2d": (cumulative_max_2d, lambda n, t, r: (_mat((n, 4), t, r),)),
    "tridiagonal_solve": (tridiagonal_solve, lambda n, t, r: tuple(_vec(n, t, r, 4.0 * (k == 1), 1.0 + 4.0 * (k == 1))
                                                                 for k in range(4))),
    "power_iteration": (power_iteration, lambda n, t, r: ((lambda m: m + m.T)(_mat((n, n), t, r, 0.0, 1.0)), 5)),
    "lerp_grid": (lerp_grid, lambda n, t, r: (np.arange(n + 2.0).astype(t), _vec(n + 2, t, r),
                                              _vec(n + 3, t, r, 0.0, n + 1.0))),
}

_FLOATS = ("float64", "float32")
_NUMBERS = ("float64", "float32", "int64", "int32")
DTYPES = {name: _FLOATS for name in CASES}
DTYPES.update({name: _NUMBERS for name in (
    "sum2d", "prefix_sum", "kadane", "argmax_loop", "bubble_sort", "insertion_sort", "binary_search",
    "count_inversions", "matmul_loops", "scale_into", "zip_enumerate_dot", "is_sorted", "random_walk_fixed", "matvec_loops", "transpose_loops", "floyd_warshall",
    "jacobi_relax", "box_blur", "convolve1d", "convolve2d", "peaks_list", "threshold_list")})
DTYPES.update({name: ("int64", "int32", "int8") for name in ("edit_distance", "lcs_length")})
DTYPES.update({name: ("int64", "int32", "uint8") for name in ("game_of_life", "bincount_loop")})
DTYPES.update({name: ("int64", "int32") for name in ("collatz_steps", "popcount")})
DTYPES.update({name: ("int64",) for name in ("fibonacci_mod", "monte_carlo_inside")})
DTYPES.update({name: ("int64",) for name in ("sieve", "csr_matvec")})
SIZES = (1, 2, 7, 33)
