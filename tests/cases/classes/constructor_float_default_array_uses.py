# A constructor's parameter whose default is a float is taken for a float (torch/constructor_float_defaults.py)
# only where the constructor uses it as one: passed, as it is or made an array first, to a function that
# takes a number or an array of any rank alike (`np.atleast_1d`), or to `len`, or iterated, it may be an
# array of any shape. fluids 1.3.1's pychebfun `Polyfun.__init__(self, values=0., ...)` keeps
# `np.atleast_1d(np.asarray(values))`: taken for the float, `self._values` was (1,) in every method, and
# `roots`' `v = np.zeros_like(ak[:-1]); v[1] = 0.5` past `if self.size() == 1: return` a false SC105.
import numpy as np


class Polyfun:
    def __init__(self, values=0., domain=None, scale=1.0):
        avalues = np.asarray(values)
        avalues1 = np.atleast_1d(avalues)
        self._values = avalues1
        self.p = self.interpolator(avalues1)
        self.scale = np.array(scale)
        reveal_shape(self.scale)  # reveal: ()

    @classmethod
    def interpolator(cls, values):
        from scipy.interpolate import BarycentricInterpolator as Bary
        p = Bary([0.])
        p.set_yi(values)
        return p

    def size(self):
        return self.p.n

    def values(self):
        return self._values

    def coefficients(self):
        return self.polyfit(self.values())

    @classmethod
    def polyfit(cls, sampled):
        asampled = np.asarray(sampled)
        if len(asampled) == 1:
            return asampled
        return np.concatenate([asampled, asampled[-2:0:-1]])


class Chebfun(Polyfun):
    def roots(self):
        if self.size() == 1:
            return np.array([])
        elif self.size() <= 100:
            ak = self.coefficients()
            v = np.zeros_like(ak[:-1])
            v[1] = 0.5
            return v
        return None


class Listed:
    def __init__(self, weights=1.0):
        self.total = sum(w for w in weights)
        self.weights = np.asarray(weights)

    def first(self):
        return self.weights[0]


reveal_shape(Chebfun(np.ones(5)).coefficients())  # reveal: (8,)
reveal_shape(Listed([1.0, 2.0]).weights)  # reveal: (2,)
