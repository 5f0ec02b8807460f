# ``jax.vmap(f, axis_size=n)`` with nothing mapped is a batch of n calls, whether or not n is known
# where it is read (qdax batches a ``partial`` of ``Transition.init_dummy`` by a config's population
# size; an axis size not known was read as none given, a false SC107).
from functools import partial

import jax
import jax.numpy as jnp


def make(observation_dim, action_dim):
    return jnp.zeros(observation_dim), jnp.zeros(action_dim)


def batched(n):
    dummy = partial(make, observation_dim=3, action_dim=2)
    observations, actions = jax.vmap(dummy, axis_size=n)()
    return observations


reveal_shape(batched(4))  # reveal: (4, 3)
reveal_shape(jax.vmap(partial(make, 2, 5), axis_size=6)()[1])  # reveal: (6, 5)
