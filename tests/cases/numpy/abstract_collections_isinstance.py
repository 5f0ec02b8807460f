# ``collections.abc``'s classes decide ``isinstance`` of values whose kind is known: a float is no
# Iterable, a list is a Sequence, an ndarray is Iterable and Sized but no Sequence (NumPy registers it
# as none). kmapper's Cover.fit wraps ``np.array(self.perc_overlap)`` in ``if isinstance(...,
# Iterable)``; with its default 0.5 that branch does not run, and its ``len()`` of the 0-d array
# was a false SC107. ``from collections import Iterable`` (Python < 3.10's alias, which code falls
# back to) is the same class.
try:
    from collections.abc import Iterable, Mapping, Sequence, Sized
except ImportError:
    from collections import Iterable, Mapping, Sequence, Sized

import numpy as np


class Cover:
    def __init__(self, n_cubes=10, perc_overlap=0.5):
        self.n_cubes = n_cubes
        self.perc_overlap = perc_overlap

    def fit(self, data):
        n_dims = data.shape[1]
        if isinstance(self.perc_overlap, Iterable):
            perc_overlap = np.array(self.perc_overlap)
            assert len(perc_overlap) == n_dims
        else:
            perc_overlap = np.repeat(self.perc_overlap, n_dims)
        return perc_overlap


def spread(values, n: int):
    if isinstance(values, Sequence):
        return np.array(values)
    return np.full(n, values)


def table(entries):
    if isinstance(entries, Mapping):
        return np.array(list(entries.values()))
    return np.asarray(entries)


def sized(x):
    if isinstance(x, Sized):
        return len(x)
    return 1


reveal_shape(Cover().fit(np.zeros((3, 4))))  # reveal: (4,)
reveal_shape(Cover(perc_overlap=[0.1, 0.2]).fit(np.zeros((3, 2))))  # reveal: (2,)
reveal_shape(spread(0.5, 3))  # reveal: (3,)
reveal_shape(spread([1.0, 2.0], 3))  # reveal: (2,)
reveal_shape(spread(np.zeros(3), 3))  # reveal: (3,)
reveal_shape(table({"a": 1.0, "b": 2.0}))  # reveal: (2,)
reveal_shape(table([[1.0, 2.0, 3.0]]))  # reveal: (1, 3)
assert sized(np.zeros(4)) == 4 and sized(2.0) == 1 and sized([1, 2]) == 2
