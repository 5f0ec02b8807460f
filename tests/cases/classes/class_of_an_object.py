# An object's ``__class__`` is its class (a copy made through it is one of the same class), and a
# class's ``__name__``/``__qualname__`` are strings: reading them stores nothing in the object.
import numpy as np

WIDTHS = {"Narrow": 3, "Wide": 5}


class Narrow:
    def __init__(self, n):
        self.n = n
        self.w = np.zeros((n, WIDTHS[self.__class__.__name__]))

    def copy(self):
        return self.__class__(self.n)

    def label(self):
        return self.__class__.__qualname__


class Wide(Narrow):
    pass


a = Narrow(4)
b = a.copy()
reveal_shape(b.w)  # reveal: (4, 3)
c = Wide(2).copy()
reveal_shape(c.w)  # reveal: (2, 5)
reveal_shape(c.w @ np.ones((5, 7)))  # reveal: (2, 7)
d = c.w @ np.ones((3, 7))  # error: SC102
