# shard_map: the body sees local pieces (global dim // mesh axis size), its collectives have their
# shape rules, and out_specs joins the pieces back into a global array.
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("dp", "tp"))


# Megatron's row-parallel matmul: contract the split dim locally, then sum over 'tp'
def row_parallel(x, w):
    partial = x @ w
    return jax.lax.psum(partial, "tp")


matmul = shard_map(row_parallel, mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None)), out_specs=P("dp", None))
y = matmul(jnp.zeros((16, 32)), jnp.zeros((32, 8)))
reveal_shape(y)  # reveal: (16, 8)  # local: (8, 8)
y_bad = matmul(jnp.zeros((16, 30)), jnp.zeros((30, 8)))  # error: SC130


# the same product, its result scattered over 'tp' instead of summed whole
def row_parallel_scattered(x, w):
    return jax.lax.psum_scatter(x @ w, "tp", scatter_dimension=1, tiled=True)


scattered = shard_map(row_parallel_scattered, mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None)),
                      out_specs=P("dp", "tp"))
s = scattered(jnp.zeros((16, 32)), jnp.zeros((32, 8)))
reveal_shape(s)  # reveal: (16, 8)  # local: (8, 2)
s_bad = scattered(jnp.zeros((16, 32)), jnp.zeros((32, 6)))  # error: SC110


def gather_rows(x):
    return jax.lax.all_gather(x, "dp", axis=0, tiled=True)


gathered = shard_map(gather_rows, mesh=mesh, in_specs=P("dp", None), out_specs=P(None, None))
reveal_shape(gathered(jnp.zeros((16, 3))))  # reveal: (16, 3)


def stack_rows(x):
    return jax.lax.all_gather(x, "tp")   # untiled: a new leading dim of 4


stacked = shard_map(stack_rows, mesh=mesh, in_specs=P(None, "tp"), out_specs=P(None, None, "tp"))
reveal_shape(stacked(jnp.zeros((5, 8))))  # reveal: (4, 5, 8)  # local: (4, 5, 2)


def seq_to_heads(x):
    return jax.lax.all_to_all(x, "tp", 1, 0, tiled=True)


swap = shard_map(seq_to_heads, mesh=mesh, in_specs=P("tp", None), out_specs=P(None, "tp"))
reveal_shape(swap(jnp.zeros((8, 12))))  # reveal: (8, 12)  # local: (8, 3)
swap_bad = swap(jnp.zeros((8, 6)))  # error: SC110


def unbound(x):
    return jax.lax.psum(x, "sp")


summed = shard_map(unbound, mesh=mesh, in_specs=P("dp"), out_specs=P("dp"))
r = summed(jnp.zeros((4, 4)))  # error: SC110


def exact_scatter(x):
    return jax.lax.psum_scatter(x, "tp")   # untiled: dim 0 must be the 4 devices of 'tp', and goes


exact = shard_map(exact_scatter, mesh=mesh, in_specs=P(None, None), out_specs=P(None))
reveal_shape(exact(jnp.zeros((4, 7))))  # reveal: (7,)
exact_bad = exact(jnp.zeros((3, 7)))  # error: SC110
