# A library's constant no table holds may be None in an index (keras 3 indexes
# ``x[torch.newaxis, :]``; an array-API namespace's ``xp.newaxis``): what the index does is not
# known, never "too many indices" (a false SC105 while such an object counted as an int).
import numpy as np
import somelib


def widen(n: int):
    a = np.arange(n)
    b = a[somelib.newaxis, :]
    return b


reveal_shape(np.arange(3)[np.newaxis, :])  # reveal: (1, 3)
