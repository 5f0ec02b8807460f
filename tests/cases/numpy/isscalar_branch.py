# np.isscalar(x) of a Python number is True, of a list, a tuple or an array of rank >= 1 False: known,
# it lets ``if`` take the branch that runs. And a constructor's parameter meets a 0-d array as what it
# is, not as a number: with no shape to keep, the parameter's decides. statsmodels 0.15.0's
# _MinimalWLS (``weights=1.0``; ``np.asarray(w_half)[:, None] * exog`` only when weights is no scalar)
# gave a false SC105 in the else branch, and w_half * exog was taken for a 0-d array, so fit()'s
# np.linalg.pinv(self.wexog) was a false SC107.
import numpy as np


class MinimalWLS:
    def __init__(self, endog, exog, weights=1.0):
        self.endog = endog
        self.exog = exog
        w_half = np.sqrt(weights)
        self.wendog = w_half * endog
        if np.isscalar(weights):
            self.wexog = w_half * exog
        else:
            self.wexog = np.asarray(w_half)[:, None] * exog

    def fit(self):
        params = np.linalg.pinv(self.wexog).dot(self.wendog)
        df_resid = self.wexog.shape[0] - self.wexog.shape[1]
        return params, df_resid


reveal_shape(MinimalWLS(np.ones(10), np.ones((10, 3))).fit()[0])  # reveal: (3,)
reveal_shape(MinimalWLS(np.ones(10), np.ones((10, 3)), np.ones(10)).fit()[0])  # reveal: (3,)
x = np.ones(3)[0] if np.isscalar([1, 2]) else np.ones(4)
reveal_shape(x)  # reveal: (4,)
