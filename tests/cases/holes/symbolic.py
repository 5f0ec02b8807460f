import numpy as np
from shapecheck import HOLE


def flatten(x):
    n, h, w = x.shape
    return x.reshape(n, HOLE)  # info: SC302  # hole: h*w


def double(x):
    n, k = x.shape
    y = np.zeros((HOLE, k))  # info: SC302  # hole: n*2
    assert y.shape == np.concatenate([x, x]).shape
    return y


def pairs(x):
    n, = x.shape
    assert n % 2 == 0
    return x.reshape(HOLE, 2)  # info: SC302  # hole: n//2
