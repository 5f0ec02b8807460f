# A loop that broadcasts what it carries joins its last join again each iteration: the joined
# dim is named by its terms, each once, not by a name that nests one level deeper per iteration.
import numpy as np


def residual_stack(x, y):
    n, d = x.shape
    m, e = y.shape
    for _ in range(12):
        x = x + y
    reveal_shape(x)  # reveal: (max(n, m), max(d, e))
    return x
