# An array's bytes read as another dtype: ``x.view(dtype)`` and ``x.dtype = dtype`` scale the last
# axis by the ratio of the itemsizes. taming-transformers reads an (h, w, 4) uint8 image as float32
# depth with ``y.dtype = np.float32`` and reshapes it to (h, w): a false SC103 while the assignment
# left the shape as it was.
import numpy as np

rgba = np.zeros((5, 6, 4), np.uint8)
reveal_shape(rgba.view(np.float32))  # reveal: (5, 6, 1)
reveal_shape(rgba.view(np.uint16))  # reveal: (5, 6, 2)
reveal_shape(np.zeros((3, 2)).view(np.int8))  # reveal: (3, 16)
reveal_shape(rgba.view())  # reveal: (5, 6, 4)

depth = rgba.copy()
depth.dtype = np.float32
reveal_shape(depth)  # reveal: (5, 6, 1)
reveal_shape(depth.reshape(rgba.shape[:2]))  # reveal: (5, 6)


def rgba_to_depth(x):
    y = x.copy()
    y.dtype = np.float32
    return y.reshape(x.shape[:2])


reveal_shape(rgba_to_depth(rgba))  # reveal: (5, 6)
