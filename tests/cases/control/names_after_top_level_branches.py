# A module's functions read its namespace as the module leaves it, names bound after a top-level
# `try`/`if` included: here numpy, imported after the `try` (once unknown to `widen`, so its shapes
# were unknown and the error below was missed), `helper` and `SCALE` (once unknown to `use`, so its
# error was missed too), and the class whose `super(Norm, self)` names it.
try:
    import optional_accelerator as accel
except ImportError:
    accel = None

import numpy as np

if accel is None:
    SCALE = 2
else:
    SCALE = 2


def widen(n):
    return np.zeros((n, 5))


def use(x):
    return helper(x) * SCALE


def helper(x):
    return x.reshape(2, 3)


class Base:
    def __init__(self, n):
        self.width = n


class Norm(Base):
    def __init__(self, n):
        super(Norm, self).__init__(n)

    def ones(self):
        return np.ones(self.width)


reveal_shape(widen(2))  # reveal: (2, 5)
reveal_shape(helper(np.zeros(6)))  # reveal: (2, 3)
bad = widen(2) + np.zeros((4, 5))  # error: SC101
seen = use(np.zeros(6)) + np.zeros((4, 5))  # error: SC101
reveal_shape(Norm(7).ones())  # reveal: (7,)
