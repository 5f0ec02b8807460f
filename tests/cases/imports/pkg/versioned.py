# A module whose definitions follow version checks (imported by ../version_checks.py).
import sys

import numpy as np

if sys.version_info >= (3, 0):
    WIDTH = 6
else:
    WIDTH = 2

if sys.version_info[:2] >= (99, 0):
    from pkg.not_a_module import pooled   # a Python from the future
else:

    def pooled(x):
        return x.reshape(-1, WIDTH)


def projected(x):
    return pooled(x) @ np.zeros((WIDTH, 5))
