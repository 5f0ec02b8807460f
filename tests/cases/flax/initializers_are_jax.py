# flax's initializers are jax.nn.initializers re-exported: a factory makes an initializer, which makes
# an array of the shape it is given, however the module is reached.
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax.linen import initializers

key = jax.random.PRNGKey(0)
w = nn.initializers.xavier_uniform()(key, (3, 4))
reveal_shape(w)  # reveal: (3, 4)
reveal_shape(initializers.zeros(key, (5,)))  # reveal: (5,)
reveal_shape(nn.initializers.normal(stddev=0.02)(key, (2, 2)) @ w[:2])  # reveal: (2, 4)
w @ jnp.ones((3, 2))  # error: SC102
reveal_shape(jax.numpy.ones((2, 7)))  # reveal: (2, 7)

# zeros_init()/ones_init() are factories of the constant initializers
from flax import nnx

reveal_shape(nn.initializers.zeros_init()(key, (3, 4), jnp.float32))  # reveal: (3, 4)
reveal_shape(nnx.initializers.ones_init()(key, (2,)))  # reveal: (2,)
