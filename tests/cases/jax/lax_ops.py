# jax.lax's structural ops: slices by start and size, padding with interior, dot_general, top_k,
# broadcast_in_dim, iota, the cumulative and reducing ops; binary ops broadcast within one rank.
import jax.numpy as jnp
from jax import lax

x = jnp.ones((4, 6, 8))
reveal_shape(lax.dynamic_slice(x, (0, 1, 2), (2, 3, 4)))  # reveal: (2, 3, 4)
reveal_shape(lax.dynamic_update_slice(x, jnp.zeros((1, 6, 2)), (0, 0, 0)))  # reveal: (4, 6, 8)
reveal_shape(lax.dynamic_slice_in_dim(x, 2, 3, axis=1))  # reveal: (4, 3, 8)
reveal_shape(lax.dynamic_index_in_dim(x, 1, axis=2, keepdims=False))  # reveal: (4, 6)
reveal_shape(lax.index_in_dim(x, 0))  # reveal: (1, 6, 8)
reveal_shape(lax.slice(x, (0, 0, 0), (4, 6, 8), (2, 4, 3)))  # reveal: (2, 2, 3)
reveal_shape(lax.slice_in_dim(x, 1, 5, stride=2, axis=2))  # reveal: (4, 6, 2)
reveal_shape(lax.pad(jnp.ones((3, 5)), 0.0, ((1, 2, 0), (0, 0, 1))))  # reveal: (6, 9)
reveal_shape(lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5)), (((2,), (1,)), ((0,), (0,)))))  # reveal: (2, 3, 5)
reveal_shape(lax.dot(jnp.ones((3, 4)), jnp.ones((4, 5))))  # reveal: (3, 5)
reveal_shape(lax.batch_matmul(jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5))))  # reveal: (2, 3, 5)
values, indices = lax.top_k(jnp.ones((5, 10)), 3)
reveal_shape(indices)  # reveal: (5, 3)
reveal_shape(lax.broadcast_in_dim(jnp.ones((3,)), (2, 3, 4), (1,)))  # reveal: (2, 3, 4)
reveal_shape(lax.broadcast(jnp.ones((3,)), (5, 2)))  # reveal: (5, 2, 3)
reveal_shape(lax.iota(jnp.int32, 7))  # reveal: (7,)
reveal_shape(lax.broadcasted_iota(jnp.int32, (3, 4), 1))  # reveal: (3, 4)
reveal_shape(lax.collapse(x, 1, 3))  # reveal: (4, 48)
reveal_shape(lax.collapse(x, -2))  # reveal: (4, 48)
reveal_shape(lax.collapse(x, 0, -1))  # reveal: (24, 8)
reveal_shape(lax.reshape(x, (24, 8)))  # reveal: (24, 8)
reveal_shape(lax.transpose(x, (2, 0, 1)))  # reveal: (8, 4, 6)
reveal_shape(lax.squeeze(jnp.ones((1, 3, 1)), (0, 2)))  # reveal: (3,)
reveal_shape(lax.expand_dims(jnp.ones((3,)), (0,)))  # reveal: (1, 3)
reveal_shape(lax.concatenate([jnp.ones((2, 3)), jnp.ones((4, 3))], 0))  # reveal: (6, 3)
reveal_shape(lax.rev(x, (0,)))  # reveal: (4, 6, 8)
reveal_shape(lax.cumsum(x, axis=1))  # reveal: (4, 6, 8)
reveal_shape(lax.sort(jnp.ones((3, 4)), dimension=0))  # reveal: (3, 4)
reveal_shape(lax.argmax(x, 1, jnp.int32))  # reveal: (4, 8)
reveal_shape(lax.reduce_sum(x, (0, 2)))  # reveal: (6,)
reveal_shape(lax.add(jnp.ones((3, 4)), jnp.ones((1, 4))))  # reveal: (3, 4)
reveal_shape(lax.mul(jnp.ones((3, 4)), 2.0))  # reveal: (3, 4)
reveal_shape(lax.select(jnp.ones((3, 4)) > 0, jnp.ones((3, 4)), jnp.zeros((3, 4))))  # reveal: (3, 4)
reveal_shape(lax.clamp(0.0, jnp.ones((3, 4)), 1.0))  # reveal: (3, 4)
rank_mix = lax.add(jnp.ones((3, 4)), jnp.ones(4))  # error: SC101
too_big = lax.dynamic_slice(x, (0, 0, 0), (5, 1, 1))  # error: SC105
contract = lax.dot_general(jnp.ones((3, 4)), jnp.ones((5, 6)), (((1,), (0,)), ((), ())))  # error: SC102
import jax

reveal_shape(jax.nn.glu(jnp.ones((3, 8))))  # reveal: (3, 4)
reveal_shape(jax.nn.logsumexp(jnp.ones((3, 8)), axis=1))  # reveal: (3,)
q = jnp.ones((2, 5, 4, 16))
kv = jnp.ones((2, 7, 4, 16))
reveal_shape(jax.nn.dot_product_attention(q, kv, kv))  # reveal: (2, 5, 4, 16)
