import numpy as np


def f(a):
    n, m = a.shape
    assert n == m + 1
    assert n == m  # error: SC201
    return a


def g(a):
    assert a.ndim == 2
    assert a.shape == (2, 3, 4)  # error: SC201


def h(a, b):
    n, k = a.shape
    assert b.shape == (k, 3)
    assert a.shape[1] != b.shape[0]  # error: SC201


x = np.zeros((3, 4))
assert x.shape == (4, 3)  # error: SC201
