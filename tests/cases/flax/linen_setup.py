# A linen module analysed with no call site: its fields (features: int) are known by name, Flax runs
# setup before any method, and the layers setup builds flow into __call__.
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    hidden: int
    features: int = 10

    def setup(self):
        self.dense1 = nn.Dense(self.hidden)
        self.dense2 = nn.Dense(self.features)
        self.norm = nn.LayerNorm()
        self.drop = nn.Dropout(0.1)

    def __call__(self, x: jnp.ndarray):
        assert x.ndim == 2
        h = nn.relu(self.dense1(x))
        reveal_shape(h)  # reveal: (x.shape[0], self.hidden)
        h = self.drop(self.norm(h), deterministic=True)
        y = self.dense2(h)
        reveal_shape(y)  # reveal: (x.shape[0], self.features)
        return nn.log_softmax(y)


class Stack(nn.Module):
    def setup(self):
        self.layers = nn.Sequential([nn.Dense(32), nn.gelu, nn.Dense(4)])

    def __call__(self, x):
        y = self.layers(jnp.ones((8, 16)))
        reveal_shape(y)  # reveal: (8, 4)
        return y


class Dense(nn.Module):
    """Dense written out: self.param makes the kernel from its shape; a mismatch is a real error."""
    features: int

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
        reveal_shape(kernel)  # reveal: (x.shape[-1], self.features)
        wrong = self.param("wrong", nn.initializers.zeros, (3, self.features))
        return jnp.ones((2, 4)) @ wrong  # error: SC102
