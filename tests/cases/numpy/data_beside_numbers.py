# Whatever stands beside a Python number in the data of a new array is a number too (a parameter, an
# array of unknown rank): a sequence mixing a number with an array or a list is ragged, which NumPy
# and torch reject. k-diffusion's augmentation matrices, ``[[1, 0, tx], [0, 1, ty], [0, 0, 1]]``,
# are (3, 3) of the caller's dtype; alone (``[a, b]``) the items may be arrays, and the shape unknown.
import numpy as np


def translate2d(tx, ty):
    mat = np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]])
    reveal_shape(mat)  # reveal: (3, 3)
    return mat


def rotate2d(theta):
    mat = [[np.cos(theta), -np.sin(theta), 0],
           [np.sin(theta), np.cos(theta), 0],
           [0, 0, 1]]
    reveal_shape(np.array(mat))  # reveal: (3, 3)
    return np.array(mat)


def pair(a, b):
    reveal_shape(np.array([a, b]))  # reveal: ?
    return np.array([a, b])


reveal_shape(translate2d(0.5, 2) @ rotate2d(0.1))  # reveal: (3, 3)
reveal_shape(pair(np.ones(4), np.ones(4)))  # reveal: (2, 4)
assert translate2d(0.5, 2).dtype == np.float64 and translate2d(1, 2).dtype == np.int64
