# NumPy never resizes an out= array: the inputs broadcast to its shape, which it keeps
import numpy as np

o = np.empty((2, 4, 10))
np.add(np.ones((4, 10)), 1, out=o)
reveal_shape(o)  # reveal: (2, 4, 10)
m = np.empty((3, 3))
np.matmul(np.ones((3, 2)), np.ones((2, 3)), out=m)
reveal_shape(m)  # reveal: (3, 3)
