# Function transforms run the function on what it really sees: jax.vmap on one example (the mapped
# axis taken out, put back on the result), jax.grad on the arguments (the result their shapes).
from functools import partial

import jax
import jax.numpy as jnp


@jax.vmap
def pair_dot(x, y):
    return jnp.dot(x, y)   # per example: (3,) . (3,), not (8, 3) . (8, 3)


reveal_shape(pair_dot(jnp.ones((8, 3)), jnp.ones((8, 3))))  # reveal: (8,)


@partial(jax.vmap, in_axes=(0, None))
def apply(x, w):
    return w @ x


reveal_shape(apply(jnp.ones((8, 3)), jnp.ones((5, 3))))  # reveal: (8, 5)
reveal_shape(jax.vmap(lambda v: v @ jnp.ones((4, 5)))(jnp.ones((7, 4))))  # reveal: (7, 5)
reveal_shape(jax.vmap(jnp.outer, in_axes=(1, 0), out_axes=2)(jnp.ones((3, 6)), jnp.ones((6, 2))))  # reveal: (3, 2, 6)
reveal_shape(jax.vmap(jax.vmap(jnp.dot))(jnp.ones((2, 5, 3)), jnp.ones((2, 5, 3))))  # reveal: (2, 5)
reveal_shape(jax.vmap(lambda t: (t[0], t[1].sum()))((jnp.ones((4, 2)), jnp.ones((4, 3))))[1])  # reveal: (4,)
bad = jax.vmap(jnp.add)(jnp.ones((4, 3)), jnp.ones((5, 3)))  # error: SC106
wrong = jax.vmap(lambda v: v @ jnp.ones((3, 5)))(jnp.ones((7, 4)))  # error: SC110


def loss(w, x):
    return jnp.sum((x @ w) ** 2)


reveal_shape(jax.grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3))))  # reveal: (3, 2)
reveal_shape(jax.grad(loss, argnums=1)(jnp.ones((3, 2)), jnp.ones((4, 3))))  # reveal: (4, 3)
value, g = jax.value_and_grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3)))
reveal_shape(value)  # reveal: ()
reveal_shape(g)  # reveal: (3, 2)
gw, gx = jax.grad(loss, argnums=(0, 1))(jnp.ones((3, 2)), jnp.ones((4, 3)))
reveal_shape(gx)  # reveal: (4, 3)
(l, aux), ga = jax.value_and_grad(lambda w: (jnp.sum(w), w * 2), has_aux=True)(jnp.ones((2, 2)))
reveal_shape(aux)  # reveal: (2, 2)
params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
grads = jax.grad(lambda p, x: jnp.sum(x @ p["w"] + p["b"]))(params, jnp.ones((5, 3)))
reveal_shape(grads["b"])  # reveal: (2,)
nonscalar = jax.grad(lambda w: w * 2)(jnp.ones(3))  # error: SC107
fast = jax.jit(loss)
reveal_shape(fast(jnp.ones((3, 2)), jnp.ones((4, 3))))  # reveal: ()
per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0))(jnp.ones((3, 2)), jnp.ones((10, 4, 3)))
reveal_shape(per_example)  # reveal: (10, 3, 2)


def model(w, x):
    return jnp.tanh(x @ w)


reveal_shape(jax.jacrev(model)(jnp.ones((3, 2)), jnp.ones((4, 3))))  # reveal: (4, 2, 3, 2)
reveal_shape(jax.jacfwd(model, argnums=1)(jnp.ones((3, 2)), jnp.ones((4, 3))))  # reveal: (4, 2, 4, 3)
reveal_shape(jax.hessian(lambda v: jnp.sum(v ** 3))(jnp.ones(5)))  # reveal: (5, 5)
out, tangent = jax.jvp(jnp.sin, (jnp.ones((2, 3)),), (jnp.ones((2, 3)),))
reveal_shape(tangent)  # reveal: (2, 3)
out, pullback = jax.vjp(model, jnp.ones((3, 2)), jnp.ones((4, 3)))
reveal_shape(out)  # reveal: (4, 2)
dw, dx = pullback(jnp.ones((4, 2)))
reveal_shape(dx)  # reveal: (4, 3)
step = jax.pmap(lambda x, n: x * n, axis_name="batch", static_broadcasted_argnums=(1,))
reveal_shape(step(jnp.ones((1, 3)), 2))  # reveal: (1, 3)
