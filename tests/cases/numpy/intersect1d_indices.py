# np.intersect1d(..., return_indices=True) returns three 1-d arrays: the common values and where each was
# found in either input (NumPy docs). mne 1.13.2's browser figure unpacks `_, ixs, _ = np.intersect1d(order,
# ch_types, return_indices=True)` and sorts `ixs`: one 1-d result unpacked gave 0-d items, and `ixs.sort()`
# was a false SC104 (axis -1 out of bounds for a 0-d array).
import numpy as np

a = np.array([3, 1, 2, 5])
b = np.array([5, 3, 7])
common, ia, ib = np.intersect1d(a, b, return_indices=True)
reveal_shape(ia)  # reveal: (k,)
ia.sort()
reveal_shape(np.intersect1d(a, b))  # reveal: (k,)
reveal_shape(np.intersect1d(a, b, False, True)[2])  # reveal: (k,)


def channel_order(order, ch_types):
    _, ixs, _ = np.intersect1d(order, ch_types, return_indices=True)
    ixs.sort()
    return np.array(order)[ixs]
