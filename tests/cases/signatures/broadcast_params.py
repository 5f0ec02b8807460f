import numpy as np


def layer(x, w, b):  # signature: def layer(x: (n, k), w: (k, m), b: () | (1,) | (m,) | (1, 1) | (1, m) | (n, 1) | (n, m)) -> (n, m)
    n, k = x.shape
    k2, m = w.shape
    assert k == k2
    return x @ w + b


def shift(x, b):  # signature: def shift(x: (n, m), b: () | (1,) | (m,) | (1, 1) | (1, m) | (n, 1) | (n, m)) -> ()
    n, m = x.shape
    return (x - b * 2).sum()


def against_constants(b):  # signature: def against_constants(b: () | (1,) | (10,) | (1, 1) | (1, 10) | (3, 1) | (3, 10)) -> (3, 10)
    return np.zeros((3, 10)) + b


def unused(x, b):  # signature: def unused(x: (n, m), b) -> (n, m)
    n, m = x.shape
    print(b)
    return x


def free_leading_dim(x, b):  # signature: def free_leading_dim(x: (n,), b) -> ?
    n, = x.shape
    return x * b


def two_broadcast_params(x, b, c):  # signature: def two_broadcast_params(x: (n, m), b, c) -> ?
    n, m = x.shape
    return x + b + c


def not_only_broadcast(x, b):  # signature: def not_only_broadcast(x: (n, m), b: () | (1,) | (m,)) -> (n, m)
    n, m = x.shape
    assert b.ndim < 2
    return x + b


calls = layer(np.ones((4, 3)), np.ones((3, 5)), np.ones(5))
reveal_shape(calls)  # reveal: (4, 5)
bad = layer(np.ones((4, 3)), np.ones((3, 5)), np.ones(4))  # error: SC110
