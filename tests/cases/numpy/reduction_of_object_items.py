# A whole reduction of an object array is made by its items' own `+`, `max`, ...: it is whatever the
# items are, an array where they are arrays. pyGSTi's bootstrap keeps each model's parameter vector
# in `np.zeros([n], dtype='object')` and takes `np.std(vecs, ddof=1)[:8]` (2 false SC105 where the
# std was a 0-d float). A reduction along an axis still drops that axis, and of numbers is 0-d.
import numpy as np


def spread(n: int):
    vecs = np.zeros([n], dtype="object")
    for i in range(n):
        vecs[i] = np.arange(10.0) * i
    std = np.std(vecs, ddof=1)
    reveal_shape(std)  # reveal: ?
    return std[:8], np.mean(vecs)[1:], vecs.sum()[2:], np.max(vecs)[:3]


spread(3)
table = np.empty((3, 4), dtype=object)
table.fill(np.ones(2))
reveal_shape(np.sum(table, axis=0))  # reveal: (4,)
reveal_shape(np.mean(table, axis=1, keepdims=True))  # reveal: (3, 1)
np.std(np.arange(10.0))[:8]  # error: SC105
