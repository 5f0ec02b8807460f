# A loop over `enumerate` of an array whose first dim is 0 runs no pass. gpaw's XAS starts its
# projections from `np.array([], float)` when `proj_xyz=False` and copies them over with
# `for i, p in enumerate(proj_3): proj_tmp[i, :] = proj_3[i, :]`, which no pass reaches: run
# once anyway, the 2-index read of the 1-D array was a false SC110. A loop that runs still fails.
import numpy as np


def projection(proj, proj_xyz=True):
    if proj_xyz:
        proj_3 = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]], float)
    else:
        proj_3 = np.array([], float)
    proj_2 = np.array(proj, float)
    proj_tmp = np.zeros((proj_3.shape[0] + proj_2.shape[0], 3), float)
    for i, p in enumerate(proj_3):
        proj_tmp[i, :] = proj_3[i, :]
    for i, p in enumerate(proj_2):
        proj_tmp[proj_3.shape[0] + i, :] = proj_2[i, :]
    return proj_tmp


reveal_shape(projection([[1, 0, 0]], proj_xyz=False))  # reveal: (1, 3)
for i, row in enumerate(np.ones(2)):
    row[i, 0]  # error: SC105
