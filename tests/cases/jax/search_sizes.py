# jax's searches take ``size=n``: the result is padded or cut to n, so its length is n, not one the data
# decides (e3nn-jax's scatter: ``jnp.where(i == unique, size=1)[0][0]`` inside ``lax.scan``); ``where``
# with the condition alone is ``nonzero``, keywords or not.
import jax
import jax.numpy as jnp

x = jnp.zeros((5,))
unique = jnp.unique(x, size=x.shape[0])
reveal_shape(unique)  # reveal: (5,)
reveal_shape(jnp.where(x[0] == unique, size=1)[0])  # reveal: (1,)
reveal_shape(jnp.nonzero(jnp.ones((3, 4)), size=7)[1])  # reveal: (7,)
reveal_shape(jnp.argwhere(jnp.ones((3, 4)), size=2))  # reveal: (2, 2)
reveal_shape(jnp.where(x > 0, x, 1.0))  # reveal: (5,)
y = jax.lax.scan(lambda _, i: (None, jnp.where(i == unique, size=1)[0][0]), None, x)[1]
reveal_shape(y)  # reveal: (5,)
