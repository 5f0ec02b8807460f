# Python's ``max``/``min`` of an array walk its first axis: the result is one of its items (a row of
# a 2-d array, a NumPy scalar of a 1-d one). cdt's HSIC lasso takes ``C = max(c[rows])`` of a (k, 1)
# column and tests ``len(C) == 0``; unknown, the branch that indexes a one-row array by the loop's
# count (``lam[k] = 0``) was taken as well, a false SC105.
import numpy as np


def best(c, d: int):
    col = np.asarray(c, dtype=float).reshape(-1, 1)
    rows = list(range(0, d))
    C = max(col[rows])
    reveal_shape(C)  # reveal: (1,)
    lam = np.zeros((1, 8))
    k = 1
    if len(C) == 0:
        lam[k] = 0
    else:
        lam[0, k] = C[0]
    return lam


def smallest(n: int):
    m = np.ones((n, 3))
    reveal_shape(min(m[:, 0]))  # reveal: ()
    reveal_shape(max(np.ones((1, 4, 5))))  # reveal: (4, 5)


best([0.5, 2.0, 1.0], 2)
smallest(3)
