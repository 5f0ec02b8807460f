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


def split_heads(a):
    # a shape of unknown rank given whole to reshape (transformers' Flax ``transpose_for_scores``:
    # ``x.reshape(x.shape[:-1] + (n_heads, head_size))``) keeps its middle; taken for one size, it
    # made a 1-d array and the transpose after it a false SC110
    q = a[..., :32]
    reveal_shape(q.reshape(q.shape[:-1] + (4, 8)))  # reveal: (*a[:-1], 4, 8)
    reveal_shape(q.reshape(*(q.shape[:-1] + (4, 8))))  # reveal: (*a[:-1], 4, 8)
    return a


def heads(x, n, d):
    return np.transpose(x.reshape(x.shape[:-1] + (n, d)), (0, 2, 1, 3))


def caller(h):
    x = h @ np.ones((8, 32))
    reveal_shape(heads(x, 4, 8))  # reveal: ?
    reveal_shape(heads(np.ones((2, 5, 32)), 4, 8))  # reveal: (2, 4, 5, 8)
