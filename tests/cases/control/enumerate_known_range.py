# `enumerate` of a range whose bounds are known counts its items: odl's `RectGrid.points()` loops
# `for i, axis in enumerate(range(self.ndim))`, and for the empty grid (ndim 0) the loop ran once
# anyway (enumerate's items taken for an unknown number), reshaping a (0,) view to `()`: a false
# SC110 at `grid.points()`.
import numpy as np


def points(ndim, shape, size):
    point_arr = np.empty((size, ndim))
    for i, axis in enumerate(range(ndim)):
        view = point_arr[:, axis].reshape(shape)
    return point_arr


def empty_grid():
    reveal_shape(points(0, (), 0))  # reveal: (0, 0)
    return points(0, (), 0)


def pairs():
    out = []
    for i, n in enumerate(range(2, 5)):
        out.append(np.zeros((i, n)))
    reveal_shape(out[2])  # reveal: (2, 4)
    return out
