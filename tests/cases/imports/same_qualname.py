# Two modules' functions of the same qualname are two functions: what an op of pkg.ranked's f
# learns about its parameter x (3 dims) says nothing of this module's f's x.
import numpy as np
from pkg.ranked import f as flatten

flatten(np.zeros((2, 3, 4)))


def f(x):
    reveal_shape(x)  # reveal: unknown
    return x
