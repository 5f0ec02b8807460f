# shapecheck-options: strict
# An index that runs off its array only for some sizes is a --strict warning.
import numpy as np


def other_dim(x, m):
    n, = x.shape
    for i in range(m):
        x[i] = 0.0  # warning: SC120
    return x


def fine(x):
    n, = x.shape
    for i in range(n):
        x[i] = 0.0
    return x
