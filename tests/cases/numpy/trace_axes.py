# `np.trace(a, offset, axis1, axis2)` sums the diagonals of the two axes it is given and keeps the
# others in order: sfepy's `trace(tensor, axis1=1, axis2=2)` of (5, 3, 3) tensors is (5,); read with
# the default axes it was (3,), and its comparison with the (5,) expected values a false SC101.
import numpy as np

a = np.ones((5, 3, 3))
reveal_shape(np.trace(a, axis1=1, axis2=2))  # reveal: (5,)
reveal_shape(np.trace(a, 0, 1, 2))  # reveal: (5,)
reveal_shape(a.trace(axis1=1, axis2=2))  # reveal: (5,)
reveal_shape(np.trace(np.ones((2, 3, 4, 5)), axis1=-1, axis2=1))  # reveal: (2, 4)
reveal_shape(np.trace(a))  # reveal: (3,)
ok = np.allclose(np.trace(a, axis1=1, axis2=2), np.full(5, 3.0))
np.trace(a, axis1=1, axis2=1)  # error: SC107
