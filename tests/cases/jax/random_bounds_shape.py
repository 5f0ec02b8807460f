# jax.random's bounded samplers take their shape from the bounds where no shape is given: a
# ``truncated_normal`` of ``(3,)`` bounds draws 3, and ``uniform``'s default 0-d draw broadcast with
# one-element bounds is theirs (flashbax vmaps ``jax.random.uniform`` over ``(b, 1)`` bounds and
# squeezes the last axis of the ``(b, 1)`` result; taken for 0-d draws, its vmap was a false SC104).
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
reveal_shape(jax.random.uniform(key, (), jnp.float32, jnp.zeros(1), jnp.ones(1)))  # reveal: (1,)
reveal_shape(jax.random.uniform(key, minval=jnp.zeros((1, 1))))  # reveal: (1, 1)
reveal_shape(jax.random.uniform(key, (2, 3), minval=jnp.zeros(3)))  # reveal: (2, 3)
reveal_shape(jax.random.uniform(key, minval=0.5))  # reveal: ()
reveal_shape(jax.random.truncated_normal(key, jnp.zeros(3), jnp.ones(3)))  # reveal: (3,)
reveal_shape(jax.random.truncated_normal(key, -1.0, 1.0, (4,)))  # reveal: (4,)

keys = jax.random.split(key, 4)
bounds = jnp.linspace(0.0, 1.0, 5)
draws = jax.vmap(jax.random.uniform, in_axes=(0, None, None, 0, 0))(
    keys, (), jnp.float32, bounds[:-1, None], bounds[1:, None])
reveal_shape(draws)  # reveal: (4, 1)
reveal_shape(jax.vmap(lambda x: x * 2)(draws.squeeze(axis=-1)))  # reveal: (4,)
