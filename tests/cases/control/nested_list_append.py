# A list a list holds, grown in place (``eigenvalues[0][i].append(v)``), is that list's item from then on:
# ase 3.29.0's OpenMX reader collects `eigenvalues = [[], []]`, then `eigenvalues[0].append([])` and
# `eigenvalues[0][i].append(float(...))` per band; the lists stayed empty, `np.asarray(eigenvalues)` was 2-d
# and `spin, half_kpts, bands = eigen_half.shape` a false SC107 (with four false SC105 after it).
import numpy as np


def read(fd):
    eigenvalues = []
    eigenvalues.append([])
    eigenvalues.append([])
    i = 0
    line = fd.readline()
    while line:
        eigenvalues[0].append([])
        eigenvalues[1].append([])
        while not line.isspace():
            eigenvalues[0][i].append(float(line))
            eigenvalues[1][i].append(float(line))
            line = fd.readline()
        i += 1
    eigen_half = np.asarray(eigenvalues)
    spin, half_kpts, bands = eigen_half.shape
    return eigen_half[0, 0, :]


rows = [[], []]
rows[0].append(1.0)
rows[0].append(2.0)
rows[1].append(3.0)
reveal_shape(np.asarray(rows[0]))  # reveal: (2,)
pair = ([], [1])
pair[0].append(5)
reveal_shape(np.asarray(pair[0]))  # reveal: (1,)
grid = [[[]]]
grid[0][0].append(1.0)
reveal_shape(np.asarray(grid))  # reveal: (1, 1, 1)
