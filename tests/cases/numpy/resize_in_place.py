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


class Smoother:
    """``self.x.shape = (n, 1)`` reshapes the attribute in place, as ``x.shape = ...`` does a name
    (statsmodels' AdditiveGamSmoother: ``self.nobs, self.k_variables = self.x.shape`` then unpacked
    two, where a false SC110 said "cannot unpack 1 values into 2 names")."""

    def __init__(self, x):
        x = np.asarray(x)
        if x.ndim == 1:
            self.x = x.copy()
            self.x.shape = (len(x), 1)
        else:
            self.x = x
        self.nobs, self.k_variables = self.x.shape


smoother = Smoother(np.linspace(-1, 1, 100))
reveal_shape(smoother.x)  # reveal: (100, 1)
reveal_shape(np.zeros((smoother.nobs, smoother.k_variables)))  # reveal: (100, 1)
