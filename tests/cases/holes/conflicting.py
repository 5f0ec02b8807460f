import numpy as np
from shapecheck import HOLE

x = np.zeros((5, 5))
y = x.reshape(HOLE, 3)  # error: SC203
a = np.zeros((HOLE, 4))  # error: SC203
b = a + np.zeros((3, 4))
assert a.shape[0] == 2
