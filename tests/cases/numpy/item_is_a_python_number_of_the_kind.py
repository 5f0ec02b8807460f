# `x.item()` is the one element as a Python number of the array's kind: an int of an int array, so
# `isinstance(k, int)` holds. pymc-extras' level-trend component takes
# `np.flatnonzero(mask)[-1].item() + 1` states and builds `np.ones(k)` only for an int: a float
# there took the other branch, a 0-d mask, and `mask[n:] = False` was 2 false SC105.
import numpy as np


def order_to_mask(order):
    if isinstance(order, int):
        return np.ones(order).astype(bool)
    return np.array(order).astype(bool)


def level_trend(order):
    mask = order_to_mask(order)
    k = np.flatnonzero(mask)[-1].item() + 1
    innovations = order_to_mask(k)
    innovations[1:] = False
    return innovations


reveal_shape(level_trend([1, 1, 0, 1]))  # reveal: (item+1,)
reveal_shape(np.ones((1, 1)).item())  # reveal: ()
reveal_shape(np.arange(6.0).item(4))  # reveal: ()
np.ones((2, 3)).item()  # error: SC107
