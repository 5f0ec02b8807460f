# jax.lax's control flow runs its functions on the pieces it hands them: scan's body on one slice
# of xs (its ys stacked), cond's and switch's branches on the operands (joined), and the loops'
# bodies on the carry. jax.tree.map maps over the leaves of a tree.
import jax
import jax.numpy as jnp
from jax import lax


def step(carry, x):
    h = jnp.tanh(carry @ jnp.ones((4, 4)) + x)
    return h, h.sum()


h, ys = lax.scan(step, jnp.zeros(4), jnp.ones((6, 4)))
reveal_shape(h)  # reveal: (4,)
reveal_shape(ys)  # reveal: (6,)
c, stacked = lax.scan(lambda c, _: (c + 1, c * 2), jnp.zeros((2, 3)), None, length=5)
reveal_shape(stacked)  # reveal: (5, 2, 3)
bad_step = lax.scan(step, jnp.zeros(4), jnp.ones((6, 5)))  # error: SC110
reveal_shape(lax.map(lambda r: r @ jnp.ones((3, 2)), jnp.ones((7, 3))))  # reveal: (7, 2)
reveal_shape(lax.cond(True, lambda a: a + 1, lambda a: a - 1, jnp.ones((2, 2))))  # reveal: (2, 2)
reveal_shape(lax.switch(1, [jnp.sin, jnp.cos, jnp.tanh], jnp.ones((3,))))  # reveal: (3,)
reveal_shape(lax.fori_loop(0, 10, lambda i, v: v * 2, jnp.ones((5, 5))))  # reveal: (5, 5)
reveal_shape(lax.while_loop(lambda v: v.sum() < 100, lambda v: v * 2, jnp.ones((3,))))  # reveal: (3,)
tree = {"a": jnp.ones((2,)), "b": (jnp.ones((3, 3)), jnp.ones((1, 4)))}
doubled = jax.tree.map(lambda a: a * 2, tree)
reveal_shape(doubled["b"][1])  # reveal: (1, 4)
summed = jax.tree_util.tree_map(lambda a, b: a + b, tree, tree)
reveal_shape(summed["a"])  # reveal: (2,)
leaves = jax.tree.leaves(tree)
reveal_shape(leaves[1])  # reveal: (3, 3)
reveal_shape(jax.tree_util.tree_leaves({"z": jnp.ones(2), "a": [jnp.ones((5,)), None]})[0])  # reveal: (5,)
reveal_shape(jax.device_get(jnp.ones((2, 7))))  # reveal: (2, 7)
