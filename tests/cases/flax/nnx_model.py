# nnx modules are plain classes: __init__ runs with symbolic arguments, its layers flow into __call__.
# nnx layers are told their input features, so a mismatch is an error; nnx.Param holds its array.
import jax
import jax.numpy as jnp
from flax import nnx


class Linear(nnx.Module):
    def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
        key = rngs.params()
        self.w = nnx.Param(jax.random.normal(key, (din, dout)))
        self.b = nnx.Param(jnp.zeros((dout,)))

    def __call__(self, x):
        reveal_shape(self.w.value)  # reveal: (din, dout)
        reveal_shape(self.w[...])  # reveal: (din, dout)
        return x @ self.w.value + self.b.value


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(rate=0.1)
        self.linear = nnx.Linear(32, 10, rngs=rngs)
        self.emb = nnx.Embed(100, 32, rngs=rngs)
        self.att = nnx.MultiHeadAttention(num_heads=4, in_features=32, decode=False, rngs=rngs)
        self.seq = nnx.Sequential(nnx.Linear(32, 16, rngs=rngs), nnx.relu)

    def __call__(self, x):
        x = jnp.ones((2, 8, 8, 1))
        h = nnx.relu(self.bn(self.conv(x)))
        reveal_shape(h)  # reveal: (2, 8, 8, 32)
        h = nnx.max_pool(h, (2, 2), strides=(2, 2))
        reveal_shape(h)  # reveal: (2, 4, 4, 32)
        h = nnx.avg_pool(h, (2, 2), strides=(2, 2))
        y = self.linear(self.drop(self.norm(h)))
        reveal_shape(y)  # reveal: (2, 2, 2, 10)
        t = self.emb(jnp.zeros((2, 5), dtype=jnp.int32))
        reveal_shape(self.att(t))  # reveal: (2, 5, 32)
        reveal_shape(self.seq(t))  # reveal: (2, 5, 16)
        return self.linear(y)  # error: SC102


def sample(key):
    reveal_shape(jax.random.uniform(key, (3, 4)))  # reveal: (3, 4)
    reveal_shape(jax.random.truncated_normal(key, -2.0, 2.0, (5,)))  # reveal: (5,)
    return nnx.Conv(3, 8, kernel_size=(3, 3), rngs=nnx.Rngs(0))(jnp.ones((1, 6, 6, 4)))  # error: SC102
