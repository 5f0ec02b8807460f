import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

params = {"w": jnp.zeros((3, 4)), "b": jnp.zeros(4)}
flat, unravel = ravel_pytree(params)
reveal_shape(flat)  # reveal: (16,)
flat2, _ = ravel_pytree([jnp.zeros((2, 5)), (jnp.ones(3), None)])
reveal_shape(flat2)  # reveal: (13,)


def f(x, w):
    return jnp.tanh(x @ w)


out = jax.eval_shape(f, jnp.zeros((8, 3)), jnp.zeros((3, 5)))
reveal_shape(out)  # reveal: (8, 5)
spec = jax.ShapeDtypeStruct((2, 7), jnp.float32)
reveal_shape(spec)  # reveal: (2, 7)
reveal_shape(jax.eval_shape(f, spec, jnp.zeros((7, 3))))  # reveal: (2, 3)
bad = jax.eval_shape(f, jnp.zeros((8, 3)), jnp.zeros((4, 5)))  # error: SC110
