# A dtype argument whose value is not known makes the dtype unknown, not the creation function's default:
# ase 3.29.0's rmc6f writer builds `data = np.zeros(natoms, dtype_obj)` with a record dtype made by a helper and
# rewrites `data[i][1]` (a record's field): taken as float64, `data[i]` was a number and `data[i][1]` a false
# SC105 ("too many indices for array: array is 0-dimensional"). A dtype NumPy names still is read.
import numpy as np


def pack(natoms: int, dtype_obj, type_map):
    data = np.zeros(natoms, dtype_obj)
    for i in range(3):
        data[i][1] = type_map[data[i][1]]
    return data


def pack_known(natoms: int):
    data = np.zeros(natoms, float)
    return data[0][1]  # error: SC105


reveal_shape(np.zeros(3, None))  # reveal: (3,)
reveal_shape(np.eye(2, dtype=int))  # reveal: (2, 2)
