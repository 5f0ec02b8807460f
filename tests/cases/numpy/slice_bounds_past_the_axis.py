# A slice bound past the axis is clamped: ``x[-k:]`` of fewer than k items is all of them, and so is
# ``x[:k]``. A symbolic bound is taken within the axis only where the facts say so; else the length
# is the smaller of the two. scikit-commpy copies ``bits[-m - 2:]`` of m bits into m places: taken
# for m + 2 items, that was a false SC101. Where the facts place the bound (``x[:n - 1]`` of n
# items, ``x[1:]``), the length is as written.
import numpy as np


def last_bits(m: int):
    bits = np.zeros(m)
    reveal_shape(bits[-m - 2:])  # reveal: (m,)
    out = np.zeros((m, 3))
    out[:m, 0] = bits[-m - 2:]
    return out


def first(rows, k: int):
    x = np.asarray(rows)
    n = x.shape[0]
    reveal_shape(x[:k])  # reveal: (min(k, n), *rows[1:])
    reveal_shape(x[1:])  # reveal: (n-1, *rows[1:])
    return x[:k]


def truncated(tokens, max_len: int):
    t = np.asarray(tokens, dtype=float)[:max_len]
    buf = np.zeros(max_len)
    buf[:len(t)] = t
    return buf


def overrun():
    return np.zeros(3)[:5] + np.zeros(5)  # error: SC101


last_bits(4)
first(np.ones((3, 2)), 5)
truncated([1, 2], 4)
