# A diagonal's length follows its offset, a symbolic one too: max(min(n - max(-k, 0), m - max(k, 0)), 0)
# for np.diagonal and a 2-d np.diag, n + |k| for the square np.diag builds from a 1-d array.
# scipy's test_bsplines fills a banded matrix's rows with the diagonals of offsets it loops over
# (`d[i, :j] = np.diagonal(a, offset=j)` under `if j < 0:`); an offset not known by value was taken
# for 0, the main diagonal: a false SC101 into `d[i, :j]`.
import numpy as np

a = np.ones((5, 7))
reveal_shape(np.diagonal(a, offset=2))  # reveal: (5,)
reveal_shape(np.diagonal(a, offset=-2))  # reveal: (3,)
reveal_shape(np.diagonal(a, offset=6))  # reveal: (1,)
reveal_shape(np.diagonal(a, offset=9))  # reveal: (0,)
reveal_shape(np.diag(a, k=-4))  # reveal: (1,)
reveal_shape(np.diag(np.ones(3), k=-2))  # reveal: (5, 5)
reveal_shape(np.diag(np.ones(3), 1))  # reveal: (4, 4)


def banded(a, offset):
    n = a.shape[0]
    d = np.zeros((2 * offset + 1, n))
    for i, j in enumerate(range(offset, -offset - 1, -1)):
        if j < 0:
            d[i, :j] = np.diagonal(a, offset=j)
        else:
            d[i, j:] = np.diagonal(a, offset=j)
    return d


def diagonal_of(k: int):
    a = np.ones((4, 6))
    reveal_shape(np.diagonal(a, offset=k))  # reveal: (max(0, min(-max(-k, 0)+4, -max(0, k)+6)),)
    return np.diag(np.ones(3), k)


reveal_shape(banded(np.ones((6, 6)), 2))  # reveal: (5, 6)
reveal_shape(diagonal_of(-1))  # reveal: (4, 4)
d = np.zeros((3, 4))
d[0, :2] = np.diagonal(np.ones((4, 4)), offset=-1)  # error: SC101
