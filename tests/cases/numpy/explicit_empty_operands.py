# Code that works only where an unknown size is 0 is a bug (a definite error), except where the code
# matches that size against an explicit 0 of its own: an operand it made empty on purpose. scipy's
# test_matmul_toeplitz checks `toeplitz(c, r) @ x` with `x = np.empty((0, 0))` and empty c and r
# (a false SC110 where c's length was not known). A product or a remainder that must be 0 is no such
# match (`x.reshape(0, 7)`, functions/memoised_condition.py), nor is a known size other than 0.
import numpy as np


def outer_times(c, x):
    return np.outer(c, c) @ x


def with_empty(c):
    c = np.ravel(c)
    return np.outer(c, c) @ np.empty((0, 0))


def three_columns(c):
    m = np.ones((c.shape[0], 3))
    return m @ np.empty((0, 0))  # error: SC102


reveal_shape(with_empty(np.ravel([])))  # reveal: (0, 0)
reveal_shape(outer_times(np.ones(2), np.ones((2, 4))))  # reveal: (2, 4)
outer_times(np.ones(2), np.empty((0, 0)))  # error: SC110
three_columns(np.ones(0))
