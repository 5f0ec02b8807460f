# shapecheck-options: strict
import numpy as np


def add(x, y):
    n, = x.shape
    m, = y.shape
    return x + y  # warning: SC120


def checked_add(x, y):
    n, = x.shape
    assert y.shape == (n,)
    return x + y


def chunk(x):
    n, = x.shape
    return x.reshape(-1, 4)  # warning: SC120


def guarded(x):
    n, = x.shape
    if n % 4 != 0:
        raise ValueError("length must be a multiple of 4")
    return x.reshape(-1, 4)


def definite():
    return np.zeros(3) + np.zeros(4)  # error: SC101
