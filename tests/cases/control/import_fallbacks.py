# `try: from numba import vectorize` / `except ImportError: def vectorize(...)`: the code runs where
# its libraries are, so the names hold what the `try` imported, not the handler's fallback (arviz's
# ecdf_utils.py: `@vectorize` makes `_binom_pmf` a ufunc whose body sees one element of each
# argument; taken for the fallback's identity decorator, its `k -= loc` ran on arrays, a false SC110).
# A handler that imports another library's object instead (`from scipy.misc import factorial`) leaves
# the two joined: which one the code meets depends on the versions installed.
import numpy as np

try:
    from numba import vectorize
except ImportError:

    def vectorize(*args, **kwargs):
        return lambda f: f


@vectorize(["float64(int64, int64, float64, int64)"])
def binom_pmf(k, n, p, loc):
    k -= loc
    if k < 0 or k > n:
        return 0.0
    return p ** k


left = np.arange(3)[:, np.newaxis]
reveal_shape(binom_pmf(np.arange(5), 10 - left, 0.5, left))  # reveal: (3, 5)
