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
