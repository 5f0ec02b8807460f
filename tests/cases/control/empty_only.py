# Code that works only when an unknown dim is 0 (an empty array) is a bug: a definite error,
# whose message says which dim would have to be 0. Unknown dims are assumed >= 1 for that.
import numpy as np


def mean_then_project(x):
    n, k = x.shape
    v = x.reshape(-1).mean(keepdims=True)
    return v @ np.ones((k + 1, 4))  # error: SC102


def grow(x):
    a, b = x.shape
    return x.reshape(a, b + 1)  # error: SC103


def fine(x):
    n, k = x.shape
    return x.reshape(-1).mean(keepdims=True) @ np.ones((1, 4))


def loop_index(xs):
    for i in range(len(xs)):
        np.zeros(i) + np.zeros(1)   # i may be 0 or 1: a loop index is not an array dim
