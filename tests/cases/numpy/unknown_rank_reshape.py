# shapecheck-options: strict
# Reshaping an array of unknown rank: its size is a multiple of its known dims' size.
from __future__ import annotations

import numpy as np

try:  # annotations only: the file also runs under NumPy alone (tests/rules/test_cases_run_for_real.py)
    from jaxtyping import Float
except ImportError:
    pass


def reshape(x: Float[np.ndarray, "*batch 784"], y: Float[np.ndarray, "*batch 28 28"]):
    reveal_shape(x.reshape(-1, 784))  # reveal: (n, 784)
    reveal_shape(x.reshape(-1, 28, 28))  # reveal: (n, 28, 28)
    reveal_shape(np.reshape(y, (-1, 784)))  # reveal: (n, 784)
    maybe = x.reshape(-1, 5)  # warning: SC120
    maybe = x.reshape(28, 28)  # warning: SC120
    bad = x.reshape(5, 5)  # error: SC103
    bad = x.reshape(-1, 0)  # error: SC103
    reveal_shape(x.ravel())  # reveal: (size,)
