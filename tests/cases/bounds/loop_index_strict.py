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


def handled(x):
    # the handler catches what the last iteration raises: no warning, as for any op in `try`
    n, = x.shape
    for i in range(n + 1):
        try:
            x[i] = 0.0
        except IndexError:
            pass
    return x


def every_other(x):
    # i + 1 is n on the last iteration when n is odd
    n, = x.shape
    for i in range(0, n, 2):
        x[i + 1] = 0.0  # warning: SC120
    return x
