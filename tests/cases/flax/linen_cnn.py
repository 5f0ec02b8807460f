# A channels-last CNN (the Flax MNIST model): Conv pads 'SAME' by default, pooling strides default to 1,
# 'VALID' windows shrink the input.
import jax.numpy as jnp
from flax import linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = jnp.ones((4, 28, 28, 1))
        x = nn.Conv(features=32, kernel_size=(3, 3))(x)
        reveal_shape(x)  # reveal: (4, 28, 28, 32)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        reveal_shape(x)  # reveal: (4, 14, 14, 32)
        x = nn.Conv(features=64, kernel_size=(3, 3), padding="VALID")(x)
        reveal_shape(x)  # reveal: (4, 12, 12, 64)
        x = nn.max_pool(x, (2, 2))
        reveal_shape(x)  # reveal: (4, 11, 11, 64)
        x = nn.Conv(8, (3, 3), strides=2, padding=1)(x)
        reveal_shape(x)  # reveal: (4, 6, 6, 8)
        up = nn.ConvTranspose(16, (2, 2), strides=(2, 2))(x)
        reveal_shape(up)  # reveal: (4, 12, 12, 16)
        x = x.reshape((x.shape[0], -1))
        reveal_shape(x)  # reveal: (4, 288)
        x = nn.Dense(10)(x)
        reveal_shape(x)  # reveal: (4, 10)
        return x


def too_small():
    x = jnp.ones((1, 2, 2, 3))
    return nn.Conv(4, (3, 3), padding="VALID")(x)  # error: SC107
