# `is`, `is not`, `in` and `not in` are Python's own comparisons: a bool even when an operand is an
# array (`mask is not None` is no elementwise mask), unlike `==` and `<`. (In a function: the
# real-NumPy runner records no shape for a Python bool.)
import numpy as np


def exists(v):
    return v is not None


def comparisons():
    a = np.ones((3, 4))
    reveal_shape(a is not None)  # reveal: ()
    reveal_shape(a is None)  # reveal: ()
    reveal_shape(1.0 in a)  # reveal: ()
    reveal_shape(a == 1.0)  # reveal: (3, 4)
    reveal_shape(exists(a))  # reveal: ()
