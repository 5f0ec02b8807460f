import numpy as np


def arnoldi(m, grow):
    # R is (j+1, j) at iteration j: (1, 0) on the first, grown by a call the analysis cannot see
    # into. The first pass of the loop's fixpoint pairs R's entry shape with every j; the copy
    # fits on the one iteration that state belongs to (j == 0), so it is no error.
    R = np.zeros((1, 0))
    for j in range(m):
        R2 = np.zeros((j + 2, j))
        R2[:j + 1, :] = R
        R = grow(R2)
    return R


def stuck(m):
    # a state that never changes: every iteration sees (1, 0), and j >= 1 does not fit it
    R = np.zeros((1, 0))
    for j in range(1, m):
        R2 = np.zeros((j + 2, j))
        R2[:j + 1, :] = R  # error: SC101
    return R
