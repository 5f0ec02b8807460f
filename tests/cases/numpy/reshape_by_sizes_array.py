# A shape given as an array: NumPy takes a 1-d array's items as the sizes, a 0-d one as one size.
# sfepy's `np.arange(n).reshape(np.asarray(degrees) + 1)` has as many dims as there are degrees;
# taken for one size it was 1-d, and `ii[0, 0, 0]` under `if dim == 3:` a false SC105 (58 of them).
# An array of unknown rank as the shape gives an array of unknown rank; a literal one its sizes.
import numpy as np


def bezier_corners(bconn, degrees):
    shape = np.asarray(degrees) + 1
    dim = len(shape)
    ii = np.arange(bconn.shape[1]).reshape(shape)
    reveal_shape(ii)  # reveal: ?
    if dim == 3:
        return [ii[0, 0, 0], ii[-1, 0, 0], ii[-1, -1, -1]]
    return [ii[0, 0], ii[-1, -1]]


def literal_sizes():
    kk = np.arange(12).reshape(np.array([3, 4]))
    reveal_shape(kk)  # reveal: (3, 4)
    inferred = np.arange(12).reshape(np.array([-1, 6]))
    reveal_shape(inferred)  # reveal: (2, 6)
    return np.arange(12).reshape(np.array([5, 3]))  # error: SC103
