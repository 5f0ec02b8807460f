# @nn.compact methods build their layers inline. Dense infers its input features, so applying Dense
# to outputs of another width is fine (no error); SelfAttention and Embed follow Flax's shapes.
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    latents: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(500, name="fc1")(jnp.ones((16, 784)))
        x = nn.Dense(features=300)(x)  # fine: Dense takes any input width
        reveal_shape(x)  # reveal: (16, 300)
        mean = nn.Dense(self.latents)(x)
        reveal_shape(mean)  # reveal: (16, self.latents)
        g = nn.DenseGeneral((4, 8), axis=-1)(x)
        reveal_shape(g)  # reveal: (16, 4, 8)
        return mean


def tokens(ids):
    emb = nn.Embed(1000, 64)(jnp.zeros((2, 12), dtype=jnp.int32))
    reveal_shape(emb)  # reveal: (2, 12, 64)
    att = nn.SelfAttention(num_heads=8, qkv_features=64, out_features=32)(emb)
    reveal_shape(att)  # reveal: (2, 12, 32)
    mha = nn.MultiHeadDotProductAttention(num_heads=4)(emb, emb)
    reveal_shape(mha)  # reveal: (2, 12, 64)
    bad = nn.SelfAttention(num_heads=5, qkv_features=64)  # error: SC107
    h = nn.BatchNorm(use_running_average=True)(nn.GroupNorm(num_groups=8)(nn.RMSNorm()(emb)))
    reveal_shape(jax.nn.softmax(h, axis=-1))  # reveal: (2, 12, 64)
    reveal_shape(jax.nn.relu(h))  # reveal: (2, 12, 64)
    reveal_shape(jax.nn.one_hot(jnp.zeros((2, 12), dtype=jnp.int32), 10))  # reveal: (2, 12, 10)
    return nn.silu(nn.sigmoid(nn.tanh(nn.softmax(h))))
