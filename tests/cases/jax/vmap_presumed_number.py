# jax.vmap maps a number taken for an int only by presumption as it maps the object it was read from:
# not as a 0-d array (no SC104). A pytree field annotated ``int`` holds an array once a vmapped init
# built the state (evosax 0.3.2's SV-CMA-ES: ``jax.vmap(super()._init, in_axes=(0, None))`` makes
# ``state.generation_counter`` a (num_populations,) array, and ``jax.vmap(self.h_std, in_axes=(0, 0,
# None))(norm_p_std, state.generation_counter + 1, params)`` was a false SC104). A literal number still
# has no axis to map along.
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class State:
    mean: jax.Array
    generation_counter: int


def h_std(norm, counter):
    return norm * counter


def tell(state: State, norm: jax.Array):
    return jax.vmap(h_std, in_axes=(0, 0))(norm, state.generation_counter + 1)


norms = jnp.ones(4)
bad = jax.vmap(h_std, in_axes=(0, 0))(norms, 3)  # error: SC104
