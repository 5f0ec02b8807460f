# A symbolic slice bound counts from the end where the facts make it negative: under
# `for k in range(1, order)`, Obs[:-k] has m - k rows (scipy's filtfilt initial conditions: the
# bound was read as a position, length -k, and the assignment below was a false SC101).
import numpy as np


def observability(m, order):
    obs = np.zeros((m, order))
    for k in range(1, order):
        reveal_shape(obs[:-k, 0])  # reveal: (-k+m,)
        obs[k:, k] = obs[:-k, 0]
    return obs


def tail(x, k):
    # k's sign is not known here (k == 0 gives x[:0], empty): a length of its own, no claim
    y = x[:-k]
    return y


tail(np.zeros(5), 2)
reveal_shape(np.zeros(7)[:-3])  # reveal: (4,)
