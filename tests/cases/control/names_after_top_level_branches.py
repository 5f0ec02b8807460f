# A module's functions read its namespace as the module leaves it, a module it imports after a
# top-level `try`/`if` included: here numpy, imported after the `try` (once unknown to `widen`, so
# its shapes were unknown and the error below was missed). The module's own definitions after such
# a block are in it too (driver/analysis.py, _definitions): `helper` is known to `use`, and the
# `use(...)` line fails as `helper(...)` does. What the branch itself imports is there as well.
# (An imported module's definitions after such a block are not taken yet: their cost, stop 51.)
# A class defined there still finds itself through its object: `super(Norm, self)` and `super()`
# are its bases (timm's norm_act.py: `super(BatchNormAct2d, self).__init__(num_features)`).
try:
    import optional_accelerator as accel
except ImportError:
    accel = None

import numpy as np


def widen(n):
    return np.zeros((n, 5))


def use(x):
    return helper(x)


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


class Wide(Norm):
    def __init__(self, n):
        super().__init__(2 * n)


reveal_shape(widen(2))  # reveal: (2, 5)
reveal_shape(helper(np.zeros(6)))  # reveal: (2, 3)
bad = widen(2) + np.zeros((4, 5))  # error: SC101
seen = use(np.zeros(6)) + np.zeros((4, 5))  # error: SC101
reveal_shape(Norm(7).ones())  # reveal: (7,)
reveal_shape(Wide(3).ones())  # reveal: (6,)

# ``if is_torch_available(): import torch``, ``try: import x`` / ``except ImportError: x = None``:
# the functions after it use the library, which is there wherever they run
if len(__name__) > 3:
    import numpy.linalg as la

try:
    import numpy.fft as fft
except ImportError:
    fft = None


def inverse(a):
    return la.inv(a)


def spectrum(n):
    return fft.rfft(np.zeros(n))


reveal_shape(inverse(np.eye(3)))  # reveal: (3, 3)
reveal_shape(spectrum(8))  # reveal: (5,)
