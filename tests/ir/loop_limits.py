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
