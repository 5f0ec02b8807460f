# A module's functions read its namespace as the module leaves it, names bound after a top-level
# `try`/`if` included: here `helper` and `SCALE` (once unknown, so `use(a)` was unknown and the
# error below was missed).
import numpy as np

try:
    import optional_accelerator as accel
except ImportError:
    accel = None

if accel is None:
    SCALE = 2
else:
    SCALE = 2


def use(x):
    return helper(x) * SCALE


def helper(x):
    return x.reshape(2, 3)


def widen():
    return np.zeros((SCALE, 5))


a = use(np.zeros(6))
reveal_shape(a)  # reveal: (2, 3)
reveal_shape(widen())  # reveal: (2, 5)
bad = use(np.zeros(6)) + np.zeros((4, 5))  # error: SC101
