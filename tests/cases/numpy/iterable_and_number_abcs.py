# np.iterable(x) is known of a number, None, a container or an array of known rank (a 0-d array is not
# iterable), and isinstance(x, numbers.Real) of Python numbers and containers: known, each lets ``if``
# take the branch that runs. scikit-learn 1.7.2's naive Bayes reads ``alpha.shape[0]`` only where
# ``isinstance(alpha, np.ndarray)``, with ``alpha = np.asarray(self.alpha) if not isinstance(self.alpha,
# Real) else self.alpha`` and ``alpha=1.0``: a false SC105 when the test was of unknown truth.
import numbers
from numbers import Integral, Real

import numpy as np


class NB:
    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def check_alpha(self, n_features):
        alpha = np.asarray(self.alpha) if not isinstance(self.alpha, Real) else self.alpha
        if isinstance(alpha, np.ndarray):
            if not alpha.shape[0] == n_features:
                raise ValueError("alpha")
        return alpha


def pick(x):
    return np.ones(2) if np.iterable(x) else np.ones(3)


NB().check_alpha(4)
reveal_shape(pick(1.0))  # reveal: (3,)
reveal_shape(pick([1.0]))  # reveal: (2,)
reveal_shape(pick(np.ones(4)))  # reveal: (2,)
reveal_shape(pick(np.array(1.0)))  # reveal: (3,)
reveal_shape(pick(None))  # reveal: (3,)
reveal_shape(np.ones(2) if isinstance(2, numbers.Integral) else np.ones(3))  # reveal: (2,)
reveal_shape(np.ones(2) if isinstance(2.5, Integral) else np.ones(3))  # reveal: (3,)
reveal_shape(np.ones(2) if isinstance(True, Real) else np.ones(3))  # reveal: (2,)
reveal_shape(np.ones(2) if isinstance([1.0], numbers.Number) else np.ones(3))  # reveal: (3,)
reveal_shape(np.ones(2) if isinstance(np.ones(3), Real) else np.ones(3))  # reveal: (3,)
