# One element of an array whose dtype is not known may be any object, an array too: MATLAB cells read
# by `loadmat` are object arrays of arrays, and moabb's `first_cell = cell[0, 0]` then
# `first_cell.shape[0]` read the () shape of a 0-d value (a false SC105). Its shape, rank and size are
# unknown, as indexing it already was; a known numeric dtype keeps the 0-d scalar.
import numpy as np
from scipy.io import loadmat


def channels(fpath):
    cell = loadmat(fpath)["eeg"]
    n_classes, n_trials = cell.shape
    first_cell = cell[0, 0]
    n_ch = first_cell.shape[0]
    return np.zeros((n_classes, n_trials, n_ch))


def numeric():
    x = np.zeros((2, 3))
    reveal_shape(x[0, 0])  # reveal: ()
    return x[0, 0].shape[0]  # error: SC105
