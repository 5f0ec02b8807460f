# A real error inside a Flax module: the product of two arrays whose inner dims disagree.
import jax.numpy as jnp
from flax import linen as nn


class Projection(nn.Module):
    features: int

    def setup(self):
        self.proj = nn.Dense(self.features)

    def __call__(self, x):
        w = jnp.ones((self.features, 3))
        h = self.proj(jnp.ones((5, 7)))
        reveal_shape(h)  # reveal: (5, features)
        ok = h @ w
        reveal_shape(ok)  # reveal: (5, 3)
        return ok @ jnp.ones((4, 2))  # error: SC102
