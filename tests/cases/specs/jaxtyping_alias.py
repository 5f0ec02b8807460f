import numpy as np
from alias_pkg import types_ as at
from alias_pkg.types_ import Flat


def flatten(x: at.Images) -> Flat:
    reveal_shape(x)  # reveal: (b, 28, 28)
    return x.reshape(x.shape[0], 784)


def wrong(x: at.Images) -> Flat:
    return x.reshape(x.shape[0], 28, 28)  # error: SC202


ok = flatten(np.zeros((5, 28, 28)))
reveal_shape(ok)  # reveal: (5, 784)
bad = flatten(np.zeros((5, 28, 27)))  # error: SC202
