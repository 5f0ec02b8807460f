# `atleast_2d` of an array of unknown rank has at least 2 dims, and `x.ndim` of an array of unknown
# rank is at least the dims it is known to have: pytransit's `ldc = atleast_2d(ldc)`, then
# `if ldc.ndim == 1: ldc = ldc.reshape((1, 1, ldc.shape[1]))`, a branch never taken, indexed the
# 1-D shape that branch took (a false SC105). A branch whose test bounds alone decide is not run.
import numpy as np


def limb_darkening(ldc):
    ldc = np.atleast_2d(ldc)
    reveal_shape(ldc)  # reveal: (d, ..., d')
    if ldc.ndim == 1:
        ldc = ldc.reshape((1, 1, ldc.shape[1]))
    elif ldc.ndim == 2:
        ldc = ldc.reshape((1, ldc.shape[0], ldc.shape[1]))
    return ldc


def volumes(x):
    v = np.atleast_3d(x)
    reveal_shape(np.zeros(v.ndim))  # reveal: (ndim+3,)
    return v


def rows(x):
    a = np.atleast_2d(np.asarray(x)[0])
    if a.ndim < 2:
        return np.ones(3)[:, 0]
    return a


def still_fails(x):
    a = np.atleast_2d(x)
    return a.reshape(-1, 3, 5) @ np.ones((4, 2))  # error: SC102


print(limb_darkening(np.ones(3)).shape, limb_darkening(np.ones((2, 3))).shape)
