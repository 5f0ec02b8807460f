import numpy as np
from shapecheck import HOLE

x = np.zeros((6, 5))
y = x.reshape(HOLE, 3)  # info: SC302  # hole: 10
reveal_shape(y)  # reveal: (HOLE, 3)
z = np.zeros((HOLE, 10))  # info: SC302  # hole: 4
assert z.shape == (4, 10)
w = np.ones(HOLE)  # info: SC302  # hole: 7
v = w @ np.ones(7)
images = np.zeros((32, 28, 28))
flat = images.reshape(32, HOLE)  # info: SC302  # hole: 784
