# np.unique's return flags given by position (``np.unique(dt, True, True)``, as GPy's state-space
# model writes it) add their results as by keyword: three arrays, the first the unique values.
# Read as one array, its unpacking gave a 0-d ``dt``, and ``dt.shape[0]`` three false SC105.
import numpy as np

dt = np.array([0.1, 0.2, 0.1, 0.3])
values, first, inverse = np.unique(np.round(dt, 14), True, True)
A = np.empty((2, 2, values.shape[0]))
for j in range(0, values.shape[0]):
    A[:, :, j] = np.eye(2) * values[j]
counts = np.unique(dt, False, False, True)[1]
reveal_shape(np.unique(dt))  # reveal: (k,)
