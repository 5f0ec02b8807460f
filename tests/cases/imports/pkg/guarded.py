"""A module whose definitions come after ``try`` / ``except ImportError`` statements: they are its
importers' too (they were unknown there: the statements left the module a joined namespace)."""
import numpy as np

try:
    from numpy import trapezoid as integrate   # NumPy >= 2
except ImportError:
    def integrate(y, axis=-1):
        return y.sum(axis=axis)

try:
    from accelerator_that_is_not_installed import fused_center
    HAS_FUSED = True
except ImportError:
    HAS_FUSED = False


def center(x):
    if HAS_FUSED:
        return fused_center(x)
    return x - x.mean(axis=-1, keepdims=True)


def area(y):
    return integrate(y, axis=-1)
