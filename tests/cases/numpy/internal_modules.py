# NumPy's own modules hold numpy's names (``import numpy._core.numeric as NX``, as numpy's sources write
# it): ``NX.newaxis`` is ``np.newaxis`` and ``NX.asarray`` is ``np.asarray``. Unmapped, ``w[:, NX.newaxis]``
# was two indices of a 1-d array in numpy's own ``polyfit`` (a false SC105).
import numpy as np
import numpy._core.numeric as NX
from numpy._core import fromnumeric


def weighted(w, lhs):
    w = NX.asarray(w) + 0.0
    lhs *= w[:, NX.newaxis]
    return lhs


reveal_shape(weighted(np.ones(3), np.ones((3, 4))))  # reveal: (3, 4)
reveal_shape(NX.ones((2, 5))[:, NX.newaxis])  # reveal: (2, 1, 5)
reveal_shape(fromnumeric.sum(np.ones((2, 5)), axis=0))  # reveal: (5,)
reveal_shape(np.ones(3)[:, NX.newaxis, NX.newaxis, 0])  # error: SC105
