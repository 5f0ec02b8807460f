# Loop indices are bounded by their range: subscripts with them are proven in bounds from the
# shapes, and an index that runs off its array on some iteration for every size is SC108.
import numpy as np


def off_by_one(x):
    n, = x.shape
    total = 0.0
    for i in range(n + 1):
        total += x[i]  # error: SC108
    return total


def in_bounds(x):
    n, = x.shape
    total = 0.0
    for i in range(n):
        total += x[i]
    return total


def differences(a):
    n, = a.shape
    out = np.zeros(n - 1)
    for i in range(n - 1):
        out[i] = a[i + 1] - a[i]
    return out


def wraparound(x):
    # i - 1 is -1 on the first iteration: NumPy's last element, not an error
    n, = x.shape
    for i in range(n):
        x[i] = x[i - 1]
    return x


def too_far_back(x):
    n, = x.shape
    for i in range(n):
        x[i] = x[i - n - 1]  # error: SC108
    return x


def reversed_order(x):
    n, = x.shape
    for i in range(n - 1, -1, -1):
        x[i] = 0.0
    return x


def strided(x):
    n, = x.shape
    for i in range(0, n, 2):
        x[i] = 0.0
    return x


def from_two(x):
    n, = x.shape
    for i in range(2, n + 2):
        x[i] = 0.0  # error: SC108
    return x


def guarded(x):
    n, = x.shape
    for i in range(n + 1):
        if i < n:
            x[i] = 0.0
    return x


def guarded_unknown(x, flags):
    # the condition is not known, so the last iteration may skip the access: no error
    n, = x.shape
    for i in range(n + 1):
        if flags[0]:
            x[i] = 0.0
    return x


def early_exit(x):
    n, = x.shape
    for i in range(n + 1):
        if x.sum() > 0:
            break
        x[i] = 0.0
    return x


def other_dim(x, m):
    # the range is not the indexed dim: nothing is known about m against n (strict warns)
    n, = x.shape
    for i in range(m):
        x[i] = 0.0
    return x


def rows_and_columns(a):
    n, m = a.shape
    for i in range(n):
        for j in range(m):
            a[i, j] = 0.0
            a[j, i] = 1.0
    return a


def transposed_wrong(a):
    n, m = a.shape
    for i in range(n):
        for j in range(m + 1):
            a[i, j] = 0.0  # error: SC108
    return a


def enumerated(x, y):
    n, = x.shape
    assert y.shape == (n + 1,)
    for i, v in enumerate(x):
        y[i + 1] = v
    for i, v in enumerate(y):
        x[i] = v  # error: SC108
    return y


def zipped(x):
    n, = x.shape
    for i, v in zip(range(n), x):
        x[i] = v * 2
    return x


def comprehension(x):
    n, = x.shape
    good = [x[i] for i in range(n)]
    bad = [x[i] for i in range(n + 1)]  # error: SC108
    filtered = [x[i] for i in range(n + 1) if i < n]
    return good, bad, filtered


def empty_only(x):
    # fails for every n >= 1: only an empty x would let it work
    n, = x.shape
    for i in range(n):
        x[i + 1] = 0.0  # error: SC108
    return x
