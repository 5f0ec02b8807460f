# A generator function's call gives its items (any number of them): a loop over it sees each
# yielded value; next() takes one. Batching loops over data are written this way.
import numpy as np


def batches(X, y, size):
    for i in range(0, len(X), size):
        yield X[i:i + size], y[i:i + size]


def pairs(n):
    yield from ((np.ones((n, 2)), np.zeros(n)) for _ in range(3))


for xb, yb in batches(np.ones((100, 3)), np.ones(100), 32):
    reveal_shape(xb.mean(0))  # reveal: (3,)
    w = xb.T @ yb
    reveal_shape(w)  # reveal: (3,)
for a, b in pairs(4):
    reveal_shape(a)  # reveal: (4, 2)
xf, yf = next(batches(np.ones((10, 3)), np.ones(10), 5))
reveal_shape(yf[:, None] * xf)  # reveal: (5, 3)
reveal_shape(next(iter([np.ones(7)])))  # reveal: (7,)
for xb, yb in batches(np.ones((100, 3)), np.ones(100), 32):
    bad = xb @ np.ones(4)  # error: SC102
