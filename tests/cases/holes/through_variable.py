import numpy as np
import shapecheck
from shapecheck import HOLE

size = HOLE  # info: SC302  # hole: 12
a = np.zeros((size, 2))
b = np.zeros((12, 2))
c = np.concatenate([a, b], axis=1)
d = np.zeros((3, 4)).reshape(shapecheck.HOLE)  # info: SC302  # hole: 12
e = np.zeros((5, 3))
assert e.shape == (HOLE, 3)  # info: SC302  # hole: 5
