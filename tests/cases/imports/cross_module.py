import numpy as np
from pkg.layers import dense, HIDDEN
from pkg import layers

x = np.zeros((4, 10))
reveal_shape(dense(x, np.zeros((10, HIDDEN))))  # reveal: (4, 128)
bad = layers.dense(x, np.zeros((11, 2)))  # error: SC110
