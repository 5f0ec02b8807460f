# A comparison is a Python bool only where Python makes one: an object known by name compared with
# a number may be an array (jax-md's ``jnp.sum(probe.idx < N, axis=1)`` of a neighbour list whose
# ``idx`` is an index array: a false SC104 while the result was a bool, a 0-d array); an ordering of
# a tuple against a number raises.
import numpy as np
import somelib


def occupancy(x):
    n = x.shape[0]
    probe = somelib.build(x)
    full = np.sum(probe.idx < n, axis=1)
    if probe.count < n:
        return full
    return None


def ordered(x):
    n = x.shape[0]
    pair = (np.zeros(n), np.zeros(n))
    return np.sum(pair < n, axis=1)


reveal_shape(np.sum(np.zeros((2, 3)) < 1, axis=1))  # reveal: (2,)
