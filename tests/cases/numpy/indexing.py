import numpy as np

x = np.zeros((5, 6, 7))
reveal_shape(x[0])  # reveal: (6, 7)
reveal_shape(x[-1, 2])  # reveal: (7,)
reveal_shape(x[1:3])  # reveal: (2, 6, 7)
reveal_shape(x[:, ::2])  # reveal: (5, 3, 7)
reveal_shape(x[..., 0])  # reveal: (5, 6)
reveal_shape(x[:, None, 0])  # reveal: (5, 1, 7)
reveal_shape(x[::-1])  # reveal: (5, 6, 7)
out = x[5]  # error: SC105
out2 = x[0, 0, 0, 0]  # error: SC105
idx = np.array([0, 2, 4])
reveal_shape(x[idx])  # reveal: (3, 6, 7)
reveal_shape(x[:, [1, 2]])  # reveal: (5, 2, 7)
reveal_shape(x[idx, :, idx])  # reveal: (3, 6)
mask = x[:, 0, 0] > 0
m = x[mask]
badmask = x[np.zeros(4) > 0]  # error: SC105
y = np.zeros((3, 4))
y[0] = np.ones(4)
y[:, 1] = np.ones(3)
y[0] = np.ones(3)  # error: SC101
y[1:3] = 0.0
reveal_shape(x[:, np.newaxis])  # reveal: (5, 1, 6, 7)
from numpy import newaxis
reveal_shape(x[..., newaxis])  # reveal: (5, 6, 7, 1)
rows, cols = y.shape
third = y.shape[2]  # error: SC105
pair = (1, 2)
other = pair[5]
