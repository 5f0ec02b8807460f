# ``np.fromiter`` and ``np.frombuffer`` make a 1-D array, of ``count`` items where it is given; a
# sub-array dtype makes each item an array (qutip 5.3's dysolve_propagator reads
# ``np.fromiter(itertools.product(...), np.dtype((float, (n,))))`` as ``(k, n)`` and indexes
# ``[:, ::-1]``: a false SC105 while every fromiter was 1-D).
import itertools

import numpy as np

a = np.fromiter(range(5), float)
reveal_shape(a)  # reveal: (k,)
b = np.fromiter(range(10), np.int64, count=4)
reveal_shape(b)  # reveal: (4,)
pairs = np.fromiter(itertools.product([1.0, -1.0], repeat=2), np.dtype((float, (2,))))
flipped = pairs[:, ::-1]
c = np.frombuffer(b"\x00" * 16, np.float32, 2)
reveal_shape(c)  # reveal: (2,)
