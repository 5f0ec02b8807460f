import numpy as np


def layer(x, w):
    n, k = x.shape
    assert w.shape[0] == k
    return x @ w


ok = layer(np.zeros((2, 3)), np.zeros((3, 4)))
bad = layer(np.zeros((2, 3)), np.zeros((4, 4)))  # error: SC110


def checked(x, n):
    if x.shape[0] != n:
        raise ValueError("bad")
    return x


fine = checked(np.zeros((5, 2)), 5)
