# A module's functions read its namespace as the module leaves it, a module it imports after a
# top-level `try`/`if` included: here numpy, imported after the `try` (once unknown to `widen`, so
# its shapes were unknown and the error below was missed). The module's own definitions after such
# a block are not taken yet (driver/analysis.py, _TAKEN_AFTER_BRANCH): `helper` is unknown to `use`.
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


reveal_shape(widen(2))  # reveal: (2, 5)
reveal_shape(helper(np.zeros(6)))  # reveal: (2, 3)
bad = widen(2) + np.zeros((4, 5))  # error: SC101
unseen = use(np.zeros(6)) + np.zeros((4, 5))
