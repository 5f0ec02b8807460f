# A list handed to code the analysis does not model may have its items set there, not only its
# length changed: VTK's `self.GetDimensions(dims)` fills pyvista's `dims = [0, 0, 0]`, and the zeros
# kept made `dims[0] - 1` a negative size (a false SC107). Its items are unknown after such a call.
# A step-2 slice of 2*n items is n long ((2*n + 1) // 2 is n), so pyvista's corners, taken every
# other one, stack with n-long columns (the solver timed out on the unsimplified product).
import numpy as np


class Grid:
    def dimensions(self):
        dims = [0, 0, 0]
        self.GetDimensions(dims)
        return tuple(dims)

    def cells(self):
        ni, nj, nk = self.dimensions()
        return np.zeros((ni - 1, nj - 1, nk - 1))


def every_other(n: int):
    c = np.zeros((2 * n, 3))
    reveal_shape(c[::2])  # reveal: (n, 3)
    return np.column_stack((c[::2, 0], np.zeros(n)))


def kept_zeros():
    dims = [0, 0]
    print(dims)
    return np.zeros((dims[0] - 1, 2))  # error: SC107
