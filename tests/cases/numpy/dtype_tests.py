# An array's dtype compared as NumPy compares it (``np.dtype(other)``): Python's bool, int, float and
# complex, a NumPy scalar type or a dtype's name; its ``kind``, ``char``, ``name`` and ``itemsize``.
# A branch on them takes the one path that runs (numpy's own indexing tests emulate an index by
# ``if isinstance(indx, np.ndarray) and indx.dtype == bool:``: an undecided test there took every
# path, and one of them a failing index, a false SC110).
import numpy as np

mask = np.zeros((3, 4), dtype=bool)
x = np.zeros((3, 4), dtype=np.float32)
n = np.arange(6)

reveal_shape(np.zeros(2) if mask.dtype == bool else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(2) if mask.dtype != np.bool_ else np.zeros(3))  # reveal: (3,)
reveal_shape(np.zeros(2) if x.dtype == np.float32 else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(2) if x.dtype == float else np.zeros(3))  # reveal: (3,)
reveal_shape(np.zeros(2) if x.dtype == "f4" else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(2) if n.dtype == int else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(2) if n.dtype.kind in "iu" else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(2) if x.dtype.kind not in "bi" else np.zeros(3))  # reveal: (2,)
reveal_shape(np.zeros(x.dtype.itemsize))  # reveal: (4,)
reveal_shape(np.zeros(2) if mask[None, ...].dtype.name == "bool" else np.zeros(3))  # reveal: (2,)


def pick(index, arr):
    if isinstance(index, np.ndarray) and index.dtype == bool:
        return arr[index]
    return arr[:, index]


reveal_shape(pick(mask, np.ones((3, 4))))  # reveal: (k,)
reveal_shape(pick(2, np.ones((3, 4))))  # reveal: (3,)
