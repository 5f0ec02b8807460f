import numpy as np


def tuple_spec(x, n):
    assert x.shape == (n, 3)
    reveal_shape(x)  # reveal: (n, 3)
    return x @ np.zeros((3, 2))


def axis_link(x, y):
    assert x.ndim == 2
    assert y.ndim == 2
    assert x.shape[1] == y.shape[0]
    return x @ y


def same_shape(x, y):
    n, m = x.shape
    assert x.shape == y.shape
    reveal_shape(y)  # reveal: (n, m)
    return x + y


def unpack(x):
    n, m = x.shape
    reveal_shape(x)  # reveal: (n, m)
    return x.reshape(m, n)


def ndim_only(x):
    assert x.ndim == 3
    return x.sum(axis=2)


def combined(x, y):
    assert x.ndim == 2 and y.shape == (x.shape[1],)
    return x @ y


def square(x):
    n, m = x.shape
    assert n == m
    return x @ x
