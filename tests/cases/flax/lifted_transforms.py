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


# linen's lifted transforms take a module class: nn.scan over layers, nn.vmap over examples; apply
# and init_with_output run the module's __call__
class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        h = nn.Dense(self.features)(carry) + x
        return h, h.sum(-1)


class Stack(nn.Module):
    @nn.compact
    def __call__(self, x, xs):
        layers = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True}, length=6)
        carry, ys = layers(features=4)(x, xs)
        many = nn.vmap(nn.Dense, variable_axes={"params": 0}, split_rngs={"params": True}, in_axes=0, out_axes=1)
        shared = nn.scan(Block, variable_broadcast="params", split_rngs={"params": False},
                         in_axes=nn.broadcast, length=3)
        h, _ = shared(features=4)(x, jnp.zeros(4))
        return carry, ys, many(3)(xs), h


(carry, ys, m, h), variables = Stack().init_with_output(jax.random.PRNGKey(0), jnp.ones((2, 4)), jnp.ones((6, 2, 4)))
reveal_shape(carry)  # reveal: (2, 4)
reveal_shape(ys)  # reveal: (6, 2)
reveal_shape(m)  # reveal: (2, 6, 3)
reveal_shape(h)  # reveal: (2, 4)
reveal_shape(Stack().apply(variables, jnp.ones((2, 4)), jnp.ones((6, 2, 4)))[1])  # reveal: (6, 2)
