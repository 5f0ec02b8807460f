# ``sum`` of arrays adds them in turn from ``start`` (0), broadcasting as ``+`` does; a list of
# unknown length of arrays of one shape sums to that shape.
import numpy as np


def total(n: int):
    parts = [np.ones((3, 4)) for _ in range(n)]
    reveal_shape(sum(parts))  # reveal: (3, 4)
    reveal_shape(sum([np.ones((3, 1)), np.ones(4)]))  # reveal: (3, 4)
    reveal_shape(sum([np.ones(4)], np.ones((2, 1))))  # reveal: (2, 4)
    reveal_shape(sum([np.ones(3), np.ones(3)], start=np.ones((5, 1))))  # reveal: (5, 3)
    return sum([np.ones(3), np.ones(4)])  # error: SC101
