import numpy as np


def dense(x, w):
    return x @ w


HIDDEN = 128
