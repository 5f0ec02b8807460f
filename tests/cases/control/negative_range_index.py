# A loop's index over a range whose items may be negative (``range(-shift, 0)``) is a signed
# number: pyro's ``for dim in range(-shift, 0): block_plate(dim=dim)``, whose ``assert dim < 0`` an
# index taken for a size (never negative) failed for every input, a false SC110. Over a range of
# ints that are never negative the index is a size, as before.
import numpy as np


def block(dim):
    assert dim < 0
    return dim


def plates(a, b):
    shift = max(0, a - b)
    for dim in range(-shift, 0):
        block(dim)
    for k in range(-a, 0):
        assert k < 0
    for j in range(a):
        assert j < 0  # error: SC201

    return np.zeros(shift)
