# ``typing.TYPE_CHECKING`` is False when the code runs: an ``if TYPE_CHECKING:`` block is a branch
# that never runs, not one that may. A module's definitions after one were unknown to its
# importers (scikit-rf's ``Network``, ``Frequency`` and ``util`` helpers, ...: every name defined
# after the block), so every call of them was unknown.
import numpy as np
from typing import TYPE_CHECKING

from pkg.typed import Projection, WIDTH, pooled

reveal_shape(pooled(np.zeros((4, 3))))  # reveal: (2, 6)
reveal_shape(Projection(5)(np.zeros(12)))  # reveal: (2, 5)
reveal_shape(np.zeros(WIDTH))  # reveal: (6,)
bad = Projection(5)(np.zeros(7))  # error: SC110

if TYPE_CHECKING:
    size = 3
else:
    size = 4
reveal_shape(np.zeros(size))  # reveal: (4,)

# what the block imports is still the annotations' (a type checker reads it): ``x: Tensor`` marks a
# torch tensor, whose ``flatten(1, 2)`` joins two dims (NumPy's takes an order)
if TYPE_CHECKING:
    from torch import Tensor


def flat(x: "Tensor"):
    reveal_shape(x.flatten(1, 2))  # reveal: (x.shape[0], x.shape[1]*x.shape[2], *x[3:])
    return x
