# ndarray.resize(new_shape) and torch's Tensor.resize_(*sizes) give the array itself the sizes given (NumPy
# docs: "Change shape and size of array in-place"), whatever its size before: the name holds the new shape
# after the statement (it kept the old one, and `a @ np.ones(3)` after `a.resize((2, 3))` was a false SC102).
import numpy as np
import torch

a = np.zeros(6)
a.resize((2, 3))
reveal_shape(a)  # reveal: (2, 3)
b = a @ np.ones(3)
c = np.zeros(4)
c.resize(2, 5, refcheck=False)
reveal_shape(c)  # reveal: (2, 5)
t = torch.zeros(6)
t.resize_(2, 3)
reveal_shape(t)  # reveal: (2, 3)
u = torch.zeros(1)
u.resize_((4,))
reveal_shape(u)  # reveal: (4,)
d = np.zeros(3)
d.resize((2, -1))  # error: SC107


def grow(buffer, n):
    buffer.resize((n, 3), refcheck=False)
    return buffer
