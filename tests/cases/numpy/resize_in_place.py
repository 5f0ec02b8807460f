# ndarray.resize(new_shape) gives the array itself the sizes given (NumPy docs: "Change shape and size of array
# in-place"), whatever its size before: the name holds the new shape after the statement (it kept the old one,
# and `a @ np.ones(3)` after `a.resize((2, 3))` was a false SC102). torch's resize_: torch/shape_in_place_methods.py.
import numpy as np

a = np.zeros(6)
a.resize((2, 3))
reveal_shape(a)  # reveal: (2, 3)
b = a @ np.ones(3)
c = np.zeros(4)
c.resize(2, 5, refcheck=False)
reveal_shape(c)  # reveal: (2, 5)
d = np.zeros(3)
d.resize((2, -1))  # error: SC107


def grow(buffer, n):
    buffer.resize((n, 3), refcheck=False)
    return buffer
