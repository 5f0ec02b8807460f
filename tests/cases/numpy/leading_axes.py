"""A parameter nothing fixes is `(*a)` where a NumPy function takes it; a leading axis of it is taken
off the front of a's middle, so the result stays exact for every rank of a (issue 10, item 2)."""
import numpy as np


def axes(a):
    reveal_shape(np.expand_dims(a, 1))  # reveal: (a.shape[0], 1, *a[1:])
    reveal_shape(np.expand_dims(a, -2))  # reveal: (*a[:-1], 1, a.shape[-1])
    reveal_shape(np.swapaxes(a, 0, 1))  # reveal: (a.shape[1], a.shape[0], *a[2:])
    reveal_shape(np.mean(a, axis=0))  # reveal: (*a[1:])
    reveal_shape(np.sum(a, axis=1, keepdims=True))  # reveal: (a.shape[0], 1, *a[2:])
    reveal_shape(np.concatenate([a, a], axis=1))  # reveal: (a.shape[0], a.shape[1]*2, *a[2:])
    reveal_shape(np.stack([a, a], axis=1))  # reveal: (a.shape[0], 2, *a[1:])
    return a


def centred(a):
    out = a - np.mean(a, axis=0, keepdims=True)
    reveal_shape(out)  # reveal: (*a)
    return out


def transposed(a):
    # the axes name every dim: a has 2, and the function is analysed at that rank
    reveal_shape(np.transpose(a, (1, 0)))  # reveal: (a1, a0)
    return a
