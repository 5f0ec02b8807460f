# Idioms from scipy (stop 23): each was a false error on working code.
import numpy as np


def vq(obs, code_book, xp):
    # xp is an array-API namespace known only by name: xp.newaxis may be None, so it adds an axis
    obs = np.asarray(obs)
    if obs.ndim == 1:
        obs = obs[:, xp.newaxis]
    return obs


vq(np.zeros(5), np.zeros(3), np)

# a NumPy integer as choice's a is arange(a), as a Python int is
n, m = np.sort(np.random.randint(2, 1000, size=2))
w = np.random.choice(n, n)
reveal_shape(np.random.choice(np.array(5), 3))  # reveal: (3,)
reveal_shape(np.random.default_rng(0).choice(np.array(5), 3))  # reveal: (3,)
bad = np.random.choice(np.zeros((2, 2)), 3)  # error: SC107
