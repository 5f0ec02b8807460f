"""Small functions the argument-kind tests compile (a module, so their source can be read)."""

import numpy as np


def step(pos, vel, dt):
    return pos + vel * dt


def row_counts(mask):
    return mask.sum(axis=1)


def bool_matmul(a, b):
    return a @ b


def row_sums(x):
    return x.sum(axis=1)


def halve(x):
    return x / 2


def scaled(x, scale=2.0):
    return x * scale


def mismatched(x, w):
    return x @ w


def accumulate(x, scale):       # loop code: s starts a Python float, then takes x's dtype
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * scale
    return s


def gather(x, idx):             # loop code: s starts a Python int; x[idx[i]] checked at run time
    s = 0
    for i in range(idx.shape[0]):
        s += x[idx[i]]
    return s


def shift(x, by):               # loop code writing into its argument
    for i in range(x.shape[0]):
        x[i] = x[i] + by
    return x
