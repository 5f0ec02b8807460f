# A parameter annotated as a Python scalar alone is one: an array op broadcasts it as a scalar
# (``x + n`` keeps ``x``'s shape), where an unannotated parameter may as well be an array (``x + m``:
# its shape unknown). ``n: int`` is a size of its own name wherever it is one; ``Optional[int]`` may
# be None, and stays unknown.
from typing import Optional

import numpy as np


def scaled(x, n: int, scale: float, causal: bool, m, k: Optional[int]):
    reveal_shape(x + n)  # reveal: ?
    y = np.ones((n, 3))
    reveal_shape(y)  # reveal: (n, 3)
    reveal_shape(y * n)  # reveal: (n, 3)
    reveal_shape(y / (n - 1))  # reveal: (n, 3)
    reveal_shape(y * scale)  # reveal: (n, 3)
    reveal_shape(y * causal)  # reveal: (n, 3)
    reveal_shape(y + m)  # reveal: ?
    reveal_shape(y + k)  # reveal: ?
    reveal_shape(np.arange(n) + 1)  # reveal: (n,)
    return y


def quoted(n: "int"):
    reveal_shape(np.zeros((n, n)) + n)  # reveal: (n, n)


reveal_shape(scaled(np.ones(4), 5, 0.5, True, 1, 2))  # reveal: (5, 3)
np.ones((2, 3)) @ scaled(np.ones(4), 2, 0.5, True, 1, 2)  # error: SC102
