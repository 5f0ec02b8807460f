# functools.partial binds arguments: a call passes them first, its own keywords over the bound ones.
import functools
from functools import partial

import numpy as np

total = partial(np.sum, axis=0)
reveal_shape(total(np.ones((4, 5))))  # reveal: (5,)
reveal_shape(total(np.ones((4, 5)), axis=1))  # reveal: (4,)
stack_rows = functools.partial(np.concatenate, axis=1)
reveal_shape(stack_rows([np.ones((2, 3)), np.ones((2, 4))]))  # reveal: (2, 7)
grid = partial(np.zeros, (3, 3))
reveal_shape(grid())  # reveal: (3, 3)
bad = stack_rows([np.ones((2, 3)), np.ones((3, 4))])  # error: SC106
