# A parameter annotated ``int`` given alone as a shape is one size: ``np.zeros(n)`` is ``(n,)``. An
# unannotated one may be a whole shape (``np.zeros(shape)``), its rank unknown; the name, once it
# holds something else, is what it holds.
import numpy as np


def window(n: int, shape):
    w = np.zeros(n)
    reveal_shape(w)  # reveal: (n,)
    reveal_shape(np.ones(shape))  # reveal: ?
    return w + 1.0


def grid(k: int):
    k = (k, 2)
    reveal_shape(np.zeros(k))  # reveal: (k, 2)
    return k


reveal_shape(window(5, (2, 3)))  # reveal: (5,)
