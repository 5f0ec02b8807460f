# ``jax.vmap`` maps every leaf of a pytree argument, an object's too (a distrax distribution, a
# flax struct): what the function sees of a mapped object is not followed, never the object
# whole. distrax's ``vmap(log_prob_sum, in_axes=1)(dist, x)`` met logits of (3, 4, 5) with a
# mapped x of (3,): a false SC110.
import jax
import jax.numpy as jnp


class Categorical:
    def __init__(self, logits):
        self.logits = logits

    def log_prob(self, x):
        return jnp.take_along_axis(self.logits, x[..., None], axis=-1)[..., 0]


# a pytree, as distrax's distributions and flax's structs are: vmap maps its logits
jax.tree_util.register_pytree_node(Categorical, lambda d: ((d.logits,), None), lambda _, leaves: Categorical(*leaves))


def log_prob_sum(dist, x):
    return dist.log_prob(x).sum()


dist = Categorical(jnp.zeros((3, 4, 5)))
x = jnp.zeros((3, 4), int)
reveal_shape(log_prob_sum(dist, x))  # reveal: ()
per_column = jax.vmap(log_prob_sum, in_axes=1)(dist, x)
per_row = jax.vmap(lambda row: row.sum(), in_axes=0)(x)
reveal_shape(per_row)  # reveal: (3,)
