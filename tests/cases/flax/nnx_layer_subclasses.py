# A project class extending an nnx layer is that layer: built by its construction (or its
# super().__init__), called by super().__call__, its arguments read as attributes.
import jax.numpy as jnp
from flax import nnx


class ScaledEmbed(nnx.Embed):
    def __call__(self, x):
        x = super().__call__(x)
        reveal_shape(x)  # reveal: (*x, features)
        return x * jnp.sqrt(self.features)


embed = ScaledEmbed(100, 16, rngs=nnx.Rngs(0))
tokens = jnp.zeros((2, 5), dtype=jnp.int32)
reveal_shape(embed(tokens))  # reveal: (2, 5, 16)


class Doubled(nnx.Linear):
    def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
        super().__init__(din, dout, rngs=rngs)

    def __call__(self, x):
        return super().__call__(x) * 2


layer = Doubled(8, 3, rngs=nnx.Rngs(0))
reveal_shape(layer(jnp.zeros((4, 8))))  # reveal: (4, 3)
layer(jnp.zeros((4, 7)))  # error: SC110
