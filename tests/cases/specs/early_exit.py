import numpy as np


def checked(x, n):
    b, k = x.shape
    if b != n:
        raise ValueError("bad batch")
    if k < 2:
        raise ValueError("too narrow")
    reveal_shape(x)  # reveal: (b, k)
    return np.zeros((n, 2)) + x[:, :2]


def checked_ndim(x, w):
    if x.ndim != 2:
        raise ValueError("x must be a matrix")
    k, m = w.shape
    if x.shape[1] != k:
        raise ValueError("inner dims differ")
    return x @ w


def returns_early(x, w):
    n, k = x.shape
    if w.shape != (k, 5):
        return None
    return x @ w


def guarded_failure():
    x = np.zeros((3, 4))
    if x.shape[1] != 4:
        raise ValueError("never")
    return x @ np.zeros((4, 2))
