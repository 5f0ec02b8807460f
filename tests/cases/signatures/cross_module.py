import numpy as np
import sig_layers as L
from sig_layers import Linear, dense

good = dense(np.zeros((4, 3)), np.zeros((3, 2)))
reveal_shape(good)  # reveal: (4, 2)
bad = dense(np.zeros((4, 3)), np.zeros((2, 2)))  # error: SC110
e = L.embed(np.zeros((2, 7)), np.zeros((100, 16)))
reveal_shape(e)  # reveal: (2, 7, 16)
wrong = L.embed(np.zeros(7), np.zeros((100, 16)))  # error: SC202
layer = Linear(3, 5)
reveal_shape(layer(np.zeros((8, 3))))  # reveal: (8, 5)
broken = layer(np.zeros((8, 4)))  # error: SC110


def pipeline(x):
    n, d = x.shape
    h = dense(x, np.zeros((d, 16)))
    return dense(h, np.zeros((16, 2)))


reveal_shape(pipeline(np.zeros((5, 9))))  # reveal: (5, 2)
