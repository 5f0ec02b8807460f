# ``np.float64`` derives from Python's ``float``, so ``isinstance(v, float)`` of a NumPy op's result on
# numbers may hold: escnn 1.0.11's ``kernels/polar_basis_poulenard.py`` computes
# ``sigma = 1. / np.sqrt(2. * np.log(2)) / len(radii)`` and passes it to a basis whose ``__init__`` turns a
# float into a list (``if isinstance(sigma, float): sigma = [sigma] * len(radii)``), then takes
# ``len(sigma)``: the branch was skipped and ``len()`` of a 0-d array was a false SC110.
import numpy as np


def widths(radii, sigma):
    if isinstance(sigma, float):
        sigma = [sigma] * len(radii)
    assert len(radii) == len(sigma)
    return np.array(sigma)


radii = [0.0, 1.0, 2.0]
widths(radii, 1. / np.sqrt(2. * np.log(2)) / len(radii))
reveal_shape(widths(radii, np.ones(3)))  # reveal: (3,)


def count(v):
    if isinstance(v, float):
        return 1
    return len(v)   # np.float32 is no Python float: len() of it raises TypeError


count(np.float64(2.0))
count(np.float32(2.0))  # error: SC110
