# ``np.full(shape, fill_value)`` copies ``fill_value`` into an array of ``shape``: an array fill must
# broadcast to it without growing it (leading 1s may go, as in an assignment), or NumPy raises
# "could not broadcast input array from shape (5,) into shape (3,)".
import numpy as np


def rows(n: int):
    return np.full((n, 3), np.arange(3.0))


def column(n: int):
    return np.full((n, 3), np.zeros((n, 1)))


def dropped_leading_one():
    return np.full((4,), np.zeros((1, 4)))


def too_long():
    return np.full(3, np.zeros(5))  # error: SC101


def given(n: int, m: int):
    x = np.zeros(m)
    return np.full((n, 3), x)


reveal_shape(rows(2))  # reveal: (2, 3)
reveal_shape(column(2))  # reveal: (2, 3)
reveal_shape(dropped_leading_one())  # reveal: (4,)
reveal_shape(np.full(3, 1.5))  # reveal: (3,)
reveal_shape(given(2, 3))  # reveal: (2, 3)
reveal_shape(given(2, 1))  # reveal: (2, 3)
