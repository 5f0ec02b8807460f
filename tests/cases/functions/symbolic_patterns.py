import numpy as np


def pairwise(x, y):
    n, d = x.shape
    m, _ = y.shape
    diff = x[:, None, :] - y[None, :, :]
    reveal_shape(diff)  # reveal: (n, m, max(d, _))
    return np.sqrt((diff ** 2).sum(-1))


def make(n, k):
    a = np.zeros((n, 3))
    reveal_shape(a)  # reveal: (n, 3)
    b = np.eye(k)
    reveal_shape(b)  # reveal: (k, k)
    return a


def centroids(x, labels, k):
    n, d = x.shape
    assert labels.shape == (n,)
    c = np.stack([x[labels == j].mean(axis=0) for j in range(k)])
    reveal_shape(c)  # reveal: (k, d)
    return c


def rows(x):
    n, d = x.shape
    out = np.array([row * 2 for row in x])
    reveal_shape(out)  # reveal: (n, d)
    return out


reveal_shape(pairwise(np.zeros((5, 3)), np.zeros((7, 3))))  # reveal: (5, 7)
bad = pairwise(np.zeros((5, 3)), np.zeros((7, 4)))  # error: SC110
