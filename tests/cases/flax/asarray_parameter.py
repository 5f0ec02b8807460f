# ``jnp.asarray(x, jnp.float32)`` of a parameter of unknown rank is ``(*x)``, as ``x * 2`` of it is:
# flax's gemma ``RMSNorm.__call__`` opens with it, and every shape after was unknown. A call with a
# list or a number still gets that argument's own shape (the body runs on it).
import jax
import jax.numpy as jnp
import numpy as np


def rms_norm(x, scale):
    x = jnp.asarray(x, jnp.float32)
    reveal_shape(x)  # reveal: (*x)
    mean2 = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    reveal_shape(mean2)  # reveal: (*x[:-1], 1)
    return x * jax.lax.rsqrt(mean2 + 1e-06) * (1.0 + scale)


reveal_shape(rms_norm(np.zeros((2, 5, 8)), np.zeros(8)))  # reveal: (2, 5, 8)
reveal_shape(np.asarray([[1, 2], [3, 4]]))  # reveal: (2, 2)
