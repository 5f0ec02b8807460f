"""A callee's top-level ``n, k = x.shape`` tells its caller the argument's rank only where ``x`` still
holds the argument: after ``x = array_like(x, ndim=2)`` it is the callee's own array, a 1-d argument
made 2-d (statsmodels' lagmat and add_lag: their caller's 1-d data was taken for 2-d, and
``np.column_stack((data[:, None][3:], ...))`` was a false SC106)."""
import numpy as np


def as_2d(obj, ndim=None):
    arr = np.asarray(obj)
    if ndim is not None and arr.ndim < ndim:
        arr = np.reshape(arr, arr.shape + (1,) * (ndim - arr.ndim))
    return arr


def lagmat(x, maxlag):
    x = as_2d(x, ndim=2)
    nobs, nvar = x.shape
    lm = np.zeros((nobs + maxlag, nvar * (maxlag + 1)))
    return lm[maxlag:nobs]


def width(x):
    n, k = x.shape
    return k


def check(data):
    lags = lagmat(data, 3)
    stacked = np.column_stack((data[3:], lags))
    data = data[:, None]
    again = np.column_stack((data[3:], lagmat(data, 3)))
    return stacked, again


def learned(data):
    w = width(data)   # here the argument itself is unpacked: it is 2-d from the call on
    reveal_shape(data)  # reveal: (n, w)
    return w


stacked, again = check(np.random.randn(100))
reveal_shape(stacked)  # reveal: (97, 5)
reveal_shape(again)  # reveal: (97, 5)
