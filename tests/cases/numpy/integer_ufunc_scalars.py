# A ufunc of Python ints is NumPy's integer scalar, of the ints' value: a size where one is taken.
# flax's gemma pads its sinusoids by ``jnp.mod(embed_dim, 2)``, and the padded shape was unknown while
# the width was taken for a float; a 0-d integer array is a pad width too.
import numpy as np

n = 7
reveal_shape(np.zeros(np.maximum(n, 1)))  # reveal: (7,)
reveal_shape(np.pad(np.ones(6), [[0, np.mod(n, 2)]]))  # reveal: (7,)
reveal_shape(np.ones((np.floor_divide(n, 2), np.add(n, 1))))  # reveal: (3, 8)
reveal_shape(np.pad(np.ones((2, 3)), [(1, np.array(2)), (0, 0)]))  # reveal: (pad+3, 3)


def sinusoids(embed_dim: int):
    half = np.ones(embed_dim // 2 * 2)
    return np.pad(half, [[0, np.mod(embed_dim, 2)]])


reveal_shape(sinusoids(9))  # reveal: (9,)
