# ``Ellipsis`` is ``...`` by name: an index built from it, with as many ``None`` as another array
# has leading dims (rvt's ``scales[(*((None,) * (len(seq.shape) - 1)), Ellipsis)]``), is read.
import numpy as np


def broadcast_to_rows(scales, n):
    seq = np.linspace(-1.0, 1.0, n)[:, None]
    reveal_shape(scales[Ellipsis, None])  # reveal: (*scales, 1)
    lifted = np.ones(8)[(*((None,) * (len(seq.shape) - 1)), Ellipsis)]
    reveal_shape(lifted)  # reveal: (1, 8)
    return seq * lifted
