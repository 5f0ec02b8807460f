# ``a and b`` evaluates ``b`` only where ``a`` may hold, as decided by what is known: in a loop's
# first pass the index is its first value, so ``num_it > 1 and k.shape[0] == ...`` never reads the
# shape of the 0-d ``k`` the loop starts from (dipy's csdeconv: a false SC105).
import numpy as np


def sharpen(A, threshold, R, B_reg):
    k = np.empty([])
    for num_it in range(1, 51):
        k2 = np.nonzero(A < threshold)[0]
        if num_it > 1 and k.shape[0] == k2.shape[0]:
            if (k == k2).all():
                return num_it
        k = k2
        M = np.concatenate((R, B_reg[k, :]))
    return 0


def known(x: np.ndarray):
    assert x.ndim == 1
    if x.ndim == 2 and x.shape[1] == 3:
        return x
    return x.ndim == 1 or x[0][0] > 1
