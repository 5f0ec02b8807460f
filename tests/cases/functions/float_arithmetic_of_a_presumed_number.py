# Arithmetic with a number taken for one only by presumption (an attribute of an object known by
# name: `gd.r_g ** 2` is presumed an int) is presumed too when the other side is a float literal:
# it may be an array. gpaw's atom solver builds `np.diag(l * (l + 1) / 2.0 / r**2)` of its radial
# grid `r = self.gd.r_g`; taken for a 0-d float, that was a false SC107. A float of known numbers
# is still 0-d.
import numpy as np


class Eigensolver:
    def __init__(self, gd, lmax):
        self.gd = gd
        self.lmax = lmax

    def initialize(self):
        r = self.gd.r_g
        h = r[0]
        n = len(r)
        kinetic = [np.eye(n) * (1.0 / h**2)]
        for l in range(1, self.lmax + 1):
            kinetic.append(kinetic[0] + np.diag(l * (l + 1) / 2.0 / r**2))
        return kinetic


def centrifugal(grid):
    return np.diag(2.0 / grid.r**2)


np.diag(2.0 / 3)  # error: SC107
