import numpy as np

x = np.zeros((6, 4))
reveal_shape(x.reshape(8, -1))  # reveal: (8, 3)
reveal_shape(x.reshape((2, 3, 4)))  # reveal: (2, 3, 4)
reveal_shape(np.reshape(x, (-1,)))  # reveal: (24,)
bad = x.reshape(5, -1)  # error: SC103
bad2 = x.reshape(5, 5)  # error: SC103
two = x.reshape(-1, -1)  # error: SC103
reveal_shape(x.ravel())  # reveal: (24,)
reveal_shape(x.flatten())  # reveal: (24,)
reveal_shape(x.T)  # reveal: (4, 6)
y = np.zeros((2, 3, 4))
reveal_shape(np.transpose(y, (1, 0, 2)))  # reveal: (3, 2, 4)
reveal_shape(y.transpose(2, 0, 1))  # reveal: (4, 2, 3)
bad3 = y.transpose(0, 1)  # error: SC104
reveal_shape(np.swapaxes(y, 0, 2))  # reveal: (4, 3, 2)
reveal_shape(np.moveaxis(y, 0, -1))  # reveal: (3, 4, 2)
reveal_shape(np.expand_dims(y, 1))  # reveal: (2, 1, 3, 4)
reveal_shape(np.squeeze(np.zeros((1, 3, 1))))  # reveal: (3,)
bad4 = np.squeeze(y, axis=0)  # error: SC107
reveal_shape(np.broadcast_to(np.zeros(4), (3, 4)))  # reveal: (3, 4)
bad5 = np.broadcast_to(np.zeros(3), (3, 4))  # error: SC101
reveal_shape(y[None])  # reveal: (1, 2, 3, 4)
z = np.zeros(12)
z.shape = (3, 4)
reveal_shape(z)  # reveal: (3, 4)
z.shape = (5, 5)  # error: SC103
