# A parameter annotated ``int`` is taken for a size (>= 0) unless the body tests its sign: an axis or
# an offset that may count from the end (``if axis < 0``, ``assert axis < 0``, ``0 <= shift``,
# ``k == -1``). Tests a size passes too (``n > 0``, ``n == 0``, ``n <= 0``) leave it a size.
import numpy as np


def last_axis_sum(x, axis: int):
    assert axis < 0
    return x.sum(axis)


def normalised(x, axis: int):
    if axis < 0:
        axis += x.ndim
    return np.moveaxis(x, axis, 0)


def shifted(x, shift: int):
    if not 0 <= shift:
        return x[:shift]
    return x[shift:]


def either_end(x, k: int):
    return x[-1] if k == -1 else x[k]


def empty_or_not(n: int):
    # a size: ``n <= 0`` means 0 here, so n is at least 1 after it
    if n <= 0:
        return np.zeros(0)
    assert n == 0  # error: SC201
    return np.zeros(n)


reveal_shape(last_axis_sum(np.ones((2, 3)), -1))  # reveal: (2,)
reveal_shape(normalised(np.ones((2, 3, 4)), -1))  # reveal: (4, 2, 3)
