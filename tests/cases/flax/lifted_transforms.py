# Flax NNX's lifted transforms take and give functions as JAX's do.
from flax import nnx
import flax.linen as nn
import jax
import jax.numpy as jnp


class Linear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (din, dout)))

    def __call__(self, x):
        return x @ self.w


model = Linear(3, 4, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x)


reveal_shape(forward(model, jnp.ones((5, 3))))  # reveal: (5, 4)


def loss_fn(model, x):
    return jnp.mean(model(x) ** 2)


loss, grads = nnx.value_and_grad(loss_fn)(model, jnp.ones((5, 3)))
reveal_shape(loss)  # reveal: ()
per_row = nnx.vmap(lambda r: r * 2)(jnp.ones((6, 2)))
reveal_shape(per_row)  # reveal: (6, 2)


@nnx.vmap(in_axes=(0, None))
def apply(x, w):
    return w @ x


reveal_shape(apply(jnp.ones((8, 3)), jnp.ones((5, 3))))  # reveal: (8, 5)


# linen's lifted transforms take a module class: nn.scan over layers, nn.vmap over examples
class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        h = nn.Dense(self.features)(carry) + x
        return h, h.sum(-1)


ScanBlock = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True}, in_axes=0, length=6)
carry, ys = ScanBlock(features=4)(jnp.ones((2, 4)), jnp.ones((6, 2, 4)))
reveal_shape(carry)  # reveal: (2, 4)
reveal_shape(ys)  # reveal: (6, 2)


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


Many = nn.vmap(Head, variable_axes={"params": 0}, split_rngs={"params": True}, in_axes=0, out_axes=1)
reveal_shape(Many()(jnp.ones((5, 2, 8))))  # reveal: (2, 5, 3)


class Stack(nn.Module):
    @nn.compact
    def __call__(self, x):
        layers = nn.scan(Block, variable_axes={"params": 0}, variable_broadcast=False,
                         split_rngs={"params": True}, in_axes=nn.broadcast, length=3)
        h, _ = layers(features=4)(x, jnp.zeros(4))
        return h


reveal_shape(Stack()(jnp.ones((7, 4))))  # reveal: (7, 4)
