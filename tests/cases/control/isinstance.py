import numpy as np


def symrand(dim_or_eigv):
    if isinstance(dim_or_eigv, int):
        dim = dim_or_eigv
        d = np.ones(dim)
    else:
        d = dim_or_eigv
        dim = d.shape[0]
    return np.diag(d) + np.zeros((dim, dim))


reveal_shape(symrand(3))  # reveal: (3, 3)
reveal_shape(symrand(np.ones(4)))  # reveal: (4, 4)


def pair(result):
    if isinstance(result, tuple):
        div, mod = result
        return div
    return result.sum(axis=0)


reveal_shape(pair(np.ones((2, 5))))  # reveal: (5,)
reveal_shape(pair((np.ones(3), np.ones(3))))  # reveal: (3,)
