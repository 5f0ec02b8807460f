# shapecheck-options: strict
# A slice whose bound may be negative (a count joined with -1) has a length of its own, the same for
# each slice the frame takes with those bounds: ``np.dot(L[k, :k], L[k, :k])`` multiplies two equal
# lengths (scikit-learn's LARS; two fresh lengths made it a --strict "k != k'").
import numpy as np


def lars_step(L, k: int, found):
    assert L.ndim == 2 and L.shape[0] >= 4
    if not found:
        k = -1
    v = np.dot(L[3, :k], L[3, :k])
    w = L[3, :k] + L[2, :k]
    return v, w
