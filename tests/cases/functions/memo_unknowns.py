import numpy as np
import mystery


def count(xs):
    return len(xs)


def first_dim(a):
    return np.unique(a).shape[0]


a = mystery.load("a")
b = mystery.load("b")
assert count(a) == 4
assert count(b) == 3     # a different (unknown) value: its own length
k1 = first_dim(np.zeros(3))
k2 = first_dim(np.zeros(3))
assert k1 == 2
assert k2 == 3           # data-dependent sizes are per call
u = np.zeros(5)
assert count(u) == 5
assert count(u) == u.shape[0] - 1  # error: SC201
