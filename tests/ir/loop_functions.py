"""Numba-style functions the loop front end's tests compile (a module: their source is read)."""

import math

import numpy as np


def countdown(x):
    out = np.zeros(x.shape[0], dtype=np.int64)
    k = 0
    for i in range(x.shape[0] - 1, -1, -2):
        out[k] = i
        k += 1
    return out, k


def first_negative(x):
    found = -1
    i = 0
    while i < x.shape[0]:
        if x[i] < 0:
            found = i
            break
        i += 1
    return found


def positive_sum_every_third(x):
    total = 0
    for i in range(0, len(x), 3):
        if x[i] <= 0:
            continue
        total += x[i]
    return total


def clipped(x, lo, hi):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            v = x[i, j]
            if v < lo:
                out[i][j] = lo
            elif v > hi:
                out[i][j] = hi
            else:
                out[i][j] = v
    return out


def allocations(x):
    n = x.shape[0]
    a = np.arange(n)
    b = np.full((n, 2), 7, dtype=np.int32)
    c = np.ones_like(x)
    d = np.zeros(3)
    e = np.arange(1, n, 2)
    f = np.full_like(x, 2.5)
    g = np.copy(x)
    return a, b, c, d, e, f, g


def scalar_functions(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        v = x[i]
        out[i] = (math.exp(-v * v) + math.floor(v) + np.abs(v) + np.maximum(v, 0.5)
                  + (1.0 if v > 0 and v < 1 else -1.0) + np.where(v > 0.2, v, 0.0) + min(v, 0.3)
                  + abs(v) ** 3 + math.pi + float(i) / 3)
    return out


def swap_and_wrap(x):
    a = 0.0
    b = 1.0
    out = np.empty_like(x)
    n = x.shape[0]
    for i in range(n):
        a, b = b, a + b * 0.5
        out[i] = x[i - 1] * a - x[-1] * b + x[n - 1 - i]
    return out


def int_and_bool(mask, values):
    counts = np.zeros(mask.shape[0], dtype=np.int32)
    any_big = False
    total = 0
    for i in range(mask.shape[0]):
        for j in range(mask.shape[1]):
            if mask[i, j]:
                counts[i] += 1
            if values[i, j] > 100:
                any_big = True
            total += values[i, j] // 3 - values[i, j] % 4
    return counts, any_big, total


def writes_argument(x):
    for i in range(x.shape[0]):
        x[i] = 0.0
    return x


def allocates_in_loop(x):
    for i in range(x.shape[0]):
        tmp = np.zeros(3)
    return x


def runtime_size(x, n):
    count = 0
    for i in range(n):
        count += i
    return np.zeros(count)


def whole_array_in_loop(x):
    s = 0.0
    for i in range(3):
        s += x * 2.0
    return s


def row_sums_symbolic(x):
    out = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        s = 0.0
        for j in range(x.shape[1]):
            s += x[i, j]
        out[i] = s
    return out


def histogram_compact(x, edges):
    # Names read inside a subscript target (counts[min(...)] += 1) are not assignments of them.
    nbins = edges.shape[0] - 1
    counts = np.zeros(nbins, dtype=np.int64)
    lo, hi = edges[0], edges[nbins]
    for i in range(x.shape[0]):
        if lo <= x[i] <= hi:
            counts[min(int((x[i] - lo) * nbins / (hi - lo)), nbins - 1)] += 1
    return counts


def count_below(a, b):
    n = 0
    for i in range(a.shape[0]):
        if a[i] < b[i]:
            n += 1
    return n


# -- return before the end (a Numba user's search loops) --------------------------------------

def is_sorted(x):
    for i in range(x.shape[0] - 1):
        if x[i] > x[i + 1]:
            return False
    return True


def find_pair(a, target):
    n = a.shape[0]
    for i in range(n):
        for j in range(i + 1, n):
            if a[i] + a[j] == target:
                return i, j
    return -1, -1


def first_above_in_branch(x, flag):
    total = 0.0
    for i in range(x.shape[0]):
        if flag > 0:
            for j in range(x.shape[0]):
                if x[j] > 1.0:
                    return total + j
        total += x[i]
    return total


def sign_or_sum(x):
    if x[0] > 0:
        return 1.0
    elif x[0] < 0:
        return -1.0
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    return s


def prefix_until_negative(x):
    out = np.zeros_like(x)
    for i in range(x.shape[0]):
        if x[i] < 0:
            return out, i
        out[i] = x[i]
    return out, -1


def returns_one_of_two_arrays(x):
    a = np.zeros_like(x)
    b = np.ones_like(x)
    for i in range(x.shape[0]):
        if x[i] < 0:
            return a
    return b


# -- and/or give the deciding operand's value, as Python's (Numba: in their common type) --------

def weights_or_one(w, x):
    total = 0.0
    for i in range(x.shape[0]):
        total += (w[i] or 1.0) * x[i]
    return total


def first_nonzero_of_each(a, b):
    out = np.empty(a.shape[0], dtype=np.int64)
    for i in range(a.shape[0]):
        out[i] = a[i] or b[i] or -1
    return out


def count_if_both(a, b):
    c = 0
    for i in range(a.shape[0]):
        c += a[i] > 0 and b[i]
    return c


# -- array names rebound among each other in a loop (double buffering) -------------------------

def jacobi_swap(u, steps):
    n = u.shape[0]
    a = u.copy()
    b = np.empty_like(u)
    for t in range(steps):
        b[0] = a[0]
        b[n - 1] = a[n - 1]
        for i in range(1, n - 1):
            b[i] = 0.5 * (a[i - 1] + a[i + 1])
        a, b = b, a
    return a


def life_steps(board, steps):
    h, w = board.shape
    cur = board
    nxt = np.zeros_like(board)
    for t in range(steps):
        for i in range(h):
            for j in range(w):
                alive = 0
                for di in range(-1, 2):
                    for dj in range(-1, 2):
                        if (di != 0 or dj != 0) and 0 <= i + di < h and 0 <= j + dj < w:
                            alive += cur[i + di, j + dj]
                nxt[i, j] = 1 if alive == 3 or (alive == 2 and cur[i, j] == 1) else 0
        cur, nxt = nxt, cur
    return cur, cur.sum()


def rotate_three(x, steps):
    a = x.copy()
    b = x * 2.0
    c = x * 3.0
    for t in range(steps):
        a[0] += 1.0
        a, b, c = b, c, a
        if t % 2 == 0:
            b = c
    return a + 10.0 * b + 100.0 * c


def rebinds_to_a_new_array(x, steps):
    for t in range(steps):
        x = 0.5 * (x + 1.0)
    return x


def descend(x, target, steps, lr):
    for t in range(steps):
        x = x - lr * (x - target)
        if t % 3 == 2:
            x = np.abs(x)
    return x, x.sum()


def renews_a_shared_name(x, steps):
    y = x.copy()
    z = y
    for t in range(steps):
        y = y * 2.0
        z = y
    return z


def renews_with_another_dtype(x, steps):
    for t in range(steps):
        x = x > 0
    return x


# -- shape errors in NumPy calls: the analyser proves them once it knows what np is -------------

def dot_mismatch(x, w):
    return np.tanh(np.dot(x, w))


def loop_then_bad_add(x):
    out = np.zeros(3)
    for i in range(3):
        out[i] = x[i]
    return out + np.ones(4)


def writes_past_its_allocation(x):
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i + 1] = x[i]
    return out


def two_sized_by_a_value(x, k):
    a = np.empty(x.shape[0] - k)
    b = np.empty(x.shape[0] - k)
    for i in range(a.shape[0]):
        a[i] = x[i] * 0.5
        b[i] = a[i] + x[i]
    return a * 1.0


def scaled_and_summed(x, a):
    out = np.empty_like(x)
    s = 0.0
    for i in range(x.shape[0]):
        out[i] = x[i] * a
        s += x[i]
    return out, s


def partial_sum(x, k, flag):
    s = 0.0
    for i in range(k):
        s += x[i]
    return s if flag else -s


def size_counted_in_loop(x, n):
    s = 0.0
    for i in range(n):
        s += np.zeros(i + 1).sum()   # a size the loop computes, per iteration
    return s
