# A method's decorator of the project's own may call the body with other arguments than its callers
# pass, as a function's may (interp/decorators.py): dipy's ``@multi_voxel_fit`` runs ``fit`` once per
# voxel of the 4-D data a test hands it, and the body's ``np.polyfit`` of the whole 4-D array was
# a false SC110 while a method's decorators were never read.
import functools

import numpy as np


def per_row(fn):
    def run(self, data):
        return np.stack([fn(self, row) for row in data])
    return run


def keeps(fn):
    return fn


class M:
    def __init__(self):
        self._w = np.zeros(3)

    @property
    def w(self):
        return self._w

    @w.setter
    def w(self, value):
        self._w = value

    @functools.lru_cache(maxsize=None)
    def cached(self, n):
        return np.zeros(n)

    @per_row
    def fit(self, row):
        return np.polyfit(np.arange(3.0), row, 1)

    @keeps
    def plain(self, row):
        return np.polyfit(np.arange(3.0), row, 1)


m = M()
reveal_shape(m.cached(4))  # reveal: (4,)
m.fit(np.zeros((2, 3)))
m.plain(np.zeros((2, 3)))  # error: SC110
