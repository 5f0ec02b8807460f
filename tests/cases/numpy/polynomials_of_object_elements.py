# An element of an array of objects, or of an array whose dtype is not known, may itself be an array:
# python-control keeps each transfer function's polynomials in a 2-D object array and calls
# `roots(self.num_array[i, j])` (13 false SC110 in its tests). A 0-d number is still no polynomial.
import numpy as np


def coefficients(rows):
    out = np.empty((len(rows), 1), dtype=object)
    for i, row in enumerate(rows):
        out[i, 0] = np.atleast_1d(np.asarray(row, dtype=float))
    return out


def zeros_of(table, i: int, j: int):
    table = np.asarray(table)
    if table.ndim != 2:
        raise ValueError("a 2-D table of polynomials")
    return np.roots(table[i, j])


reveal_shape(zeros_of(coefficients([[1.0, -3.0, 2.0]]), 0, 0))  # reveal: (k,)
reveal_shape(np.roots(np.array([1.0, -3.0, 2.0])))  # reveal: (k,)
np.roots(np.float64(2.0))  # error: SC107
np.roots(np.ones((2, 2)))  # error: SC107
