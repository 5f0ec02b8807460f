# A comprehension whose elements append to a list from outside ([ranks.append(f(a)) for a in xs])
# grows it once per element, a number the analysis does not count: its length is unknown after it.
import numpy as np


def fit(a):
    return a


def blocks(sys, sigma=None):
    m = len(sys[1::2])
    exog = np.column_stack([np.asarray(sys[1::2][i]) for i in range(m)])
    ranks = []
    [ranks.append(np.linalg.matrix_rank(a) - 1) for a in sys[1::2]]
    cols = np.cumsum(np.hstack((0, np.asarray(ranks) + 1)))
    if sigma is None:
        for i in range(m):
            fit(exog[:, cols[i]:cols[i + 1]])

