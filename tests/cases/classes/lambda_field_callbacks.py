# A class attribute that is a lambda (a dataclass field's default initializer, flax's ``kernel_init``) is a
# method of each object: handed to a library's call as a callback, it stores nothing on the object (a
# lambda has no statements), and it is no internal error (ott-jax's PosDefPotentials: SC003).
import jax.numpy as jnp
from flax import linen as nn

DEFAULT_INIT = lambda *a, **k: nn.initializers.lecun_normal()(*a, **k)


class Potentials(nn.Module):
    dim_hidden: int
    kernel_init: object = DEFAULT_INIT

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", self.kernel_init, (x.shape[-1], self.dim_hidden))
        return x @ kernel


class Plain:
    scale = lambda self, x: x * 2

    def __init__(self):
        self.w = jnp.ones((3, 4))

    def run(self, register):
        register(self.scale)
        reveal_shape(self.w)  # reveal: (3, 4)
        return self.w
