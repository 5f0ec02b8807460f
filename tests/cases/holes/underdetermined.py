import numpy as np
from shapecheck import HOLE

a = np.zeros((HOLE, 3))  # info: SC302  # hole: None
b = a + np.zeros((5, 3))
c = np.zeros((HOLE, 2))  # info: SC302  # hole: None


def f(x):
    return x.reshape(HOLE, 4)  # info: SC302  # hole: None
