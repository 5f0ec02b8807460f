# A method under `@partial(jax.vmap, in_axes=[None, 0, 0])` is mapped: the transform gives a Python
# function, which binds to the object as the method did, and `self` (in_axes None) is not mapped.
# jaxmarl's MPE decodes each agent's action row with `c = action[5:]`; run unmapped on the whole
# (agents, 8) array it cut the agents instead (`num_agents - 5` rows), a false SC106 and SC110.
from functools import partial

import jax
import jax.numpy as jnp


class Env:
    def __init__(self, n):
        self.num_agents = n
        self.agent_range = jnp.arange(n)
        self.accel = jnp.ones(n)

    @partial(jax.vmap, in_axes=[None, 0, 0])
    def _decode(self, a_idx, action):
        u = jnp.array([action[2] - action[1], action[4] - action[3]])
        u = u * self.accel[a_idx]
        return u, action[5:]

    def set_actions(self, actions):
        return self._decode(self.agent_range, actions)


def run():
    env = Env(4)
    u, c = env.set_actions(jnp.zeros((4, 8)))
    reveal_shape(u)  # reveal: (4, 2)
    reveal_shape(c)  # reveal: (4, 3)
    padded = jnp.concatenate([c, jnp.zeros((env.num_agents, 2))], axis=1)
    reveal_shape(padded)  # reveal: (4, 5)
    return env.set_actions(jnp.zeros((3, 8)))  # error: SC110
