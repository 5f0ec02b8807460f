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
