# A module's name that a function declares ``global`` may be rebound whenever that function runs:
# another function reads it as unknown, not as the value the top level gave it (gensim's tests set
# ``human_sim_vector = None`` and fill it in ``setUp``: ``np.corrcoef(flat, None)[0, 1]`` indexed a
# 0-d array, a false SC105).
import numpy as np

human_sim_vector = None
SIZES = np.zeros(3)


def set_up(n):
    global human_sim_vector
    human_sim_vector = np.ones(n)


def correlation():
    flat = np.zeros(10)
    return np.corrcoef(flat, human_sim_vector)[0, 1]


def sized():
    reveal_shape(SIZES)  # reveal: (3,)
    return SIZES
