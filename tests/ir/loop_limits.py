"""Loop code past the first front end's limits (issue 12): ``and``/``or`` and conditional
expressions that must not evaluate what Python would not, writes into arguments, arrays
allocated inside loops, and whole-array expressions inside loops. A module: its source is read."""

import math

import numpy as np


def count_until(x, limit):
    n = x.shape[0]
    i = 0
    while i < n and x[i] < limit:      # x[n] is never read
        i += 1
    return i


def shifted_or_fill(x, k):
    out = np.zeros(x.shape[0])
    for j in range(x.shape[0]):
        i = j + k
        out[j] = x[i] if i < x.shape[0] else -1.0
    return out


def chained_or(x):
    c = 0
    for i in range(x.shape[0]):
        if 0.0 < x[i] < 1.0 or x[i] > 5.0 or (x[i] < -2.0 and not x[i] < -4.0):
            c += 1
    return c


def guarded_far_index(x, k):
    # k is huge: an eager x[k] reads far outside the array (a crash, not a wrong answer)
    hits = 0
    for i in range(x.shape[0]):
        if k >= x.shape[0] or x[k] > x[i]:
            hits += 1
        if k < x.shape[0] and x[k] > 0.0:
            hits += 100
    return hits


def scale_in_place(x, factor):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            x[i, j] *= factor
    return x


def normalize_rows_into(x, out):
    # writes a caller's output array (Numba's out= idiom); returns nothing else but a count
    count = 0
    for i in range(x.shape[0]):
        s = 0.0
        for j in range(x.shape[1]):
            s += x[i, j]
        for j in range(x.shape[1]):
            out[i, j] = x[i, j] / s
        count += 1
    return count


def prefix_in_place(a, b):
    # a and b may be one array: each element reads what the previous iteration wrote
    for i in range(1, a.shape[0]):
        a[i] = a[i - 1] + b[i]
    return a


def writes_argument_again(x):
    for i in range(x.shape[0]):
        x[i] = x[i] * x[i] - 1.0
    x[0] = 7.0
    return x.shape[0]


def window_means(x, w):
    # a scratch array allocated in the loop: a fresh one (zeros) each iteration
    n = x.shape[0]
    out = np.empty(n - 2)
    for i in range(n - 2):
        buf = np.zeros(3)
        for k in range(3):
            buf[k] += x[i + k] * w[k]
        s = 0.0
        for k in range(3):
            s += buf[k]
        out[i] = s / 3.0
    return out


def filled_in_branch(x):
    total = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            t = np.full(4, x[i])
            for k in range(4):
                total += t[k] * k
        else:
            c = x.copy()
            total += c[i] * 2.0
    return total


def read_after_loop(x):
    for i in range(x.shape[0]):
        tmp = np.zeros(3)
        tmp[0] = x[i]
    return tmp


# --- whole-array expressions inside loops ------------------------------------------------------

def affine_rows(x, w, b):
    out = np.empty((x.shape[0], w.shape[0]))
    for i in range(x.shape[0]):
        out[i] = x[i] * w + b                  # a row, broadcast with vectors
    return out


def centered_rows(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        row = x[i]                             # a view, named
        m = np.mean(row)
        out[i, :] = row - m
        out[i, 0] += row.max() - x[i].min()
    return out


def row_dots(a, b):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = np.dot(a[i], b) + np.sum(a[i] * a[i]) + sum(np.abs(a[i]))
    return out


def differences(x):
    out = np.zeros((x.shape[0], x.shape[1] - 1))
    for i in range(x.shape[0]):
        d = x[i, 1:] - x[i, :-1]               # slices, a new array
        out[i] = d * 2.0
    total = 0.0
    for j in range(x.shape[1]):
        total += np.sum(x[:, j] ** 2)          # a column
    return out, total


def shift_in_place(x):
    # overlapping assignment: NumPy buffers the right side
    y = x.copy()
    y[1:] = y[:-1]
    y[0] = 0.0
    return y


def accumulate_rows(x):
    acc = np.zeros(x.shape[1])
    for i in range(x.shape[0]):
        acc += x[i] * (i + 1)
        acc[:] = np.maximum(acc, 0.5) - np.sqrt(np.abs(x[i]))
    return acc, acc * 2.0


def int_rows(m):
    counts = np.zeros(m.shape[0], dtype=np.int64)
    for i in range(m.shape[0]):
        counts[i] = np.sum(m[i] > 2) + m[i].max()
    return counts, np.where(m[0] > 1, m[0], -m[0])


def broadcast_mismatch(x, w):
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i] = np.sum(x[i] * w)      # x rows have 4 elements, w has 3
    return out


def row_is_not_a_number(x):
    s = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            s += 1.0
    return s


def triangular(a, b):
    # slices bounded by the loop index (known only at run time), Python's clamping included
    n = a.shape[0]
    lower = np.zeros(n)
    tail = np.zeros(n)
    out = a.copy()
    for i in range(n):
        lower[i] = np.dot(a[i, :i], b[:i])
        tail[i] = np.sum(a[i, i - 2:]) + np.max(a[:i + 1, i]) + a[i, -i:].sum()
        out[i, i + 1:] = 0.0
    return lower, tail, out
