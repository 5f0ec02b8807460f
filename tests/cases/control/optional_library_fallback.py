# `try: from apex.normalization import FusedRMSNorm; T5LayerNorm = FusedRMSNorm` / `except
# ImportError: pass`: a name the `try` takes from a library the analysis does not read (an optional
# one, absent here) keeps the project's own function or class, which every handler leaves it: the
# library's stand-in, meant to do the same. Joined with the unknown import, every use of it was
# unknown (transformers' T5 layer norms).
import numpy as np


def norm(x):
    return x / np.sqrt((x * x).mean(axis=-1, keepdims=True))


try:
    from fastnorm_that_is_not_installed import fused_norm

    norm = fused_norm
except ImportError:
    pass
except Exception:
    pass


def scale(x):
    return x * 2.0


try:
    from fastscale_that_is_not_installed import fused_scale as scale
except ImportError:
    pass


def use():
    reveal_shape(norm(np.ones((3, 4))))  # reveal: (3, 4)
    reveal_shape(scale(np.ones((2, 5))))  # reveal: (2, 5)


use()
