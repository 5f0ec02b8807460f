# Placements through ops: elementwise keeps a common split, a matmul contracting a split dim leaves a
# partial sum, and differently split operands (or a partial sum into a nonlinear op) are an implicit
# redistribution (SC303, an info note with the plan's bytes); the result's placement is then unknown.
import jax
import jax.numpy as jnp
import torch
from jax.sharding import NamedSharding, PartitionSpec as P
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard, distribute_tensor

mesh = init_device_mesh("cuda", (4,), mesh_dim_names=("tp",))
x = distribute_tensor(torch.randn(8, 32), mesh, [Shard(1)])
w = distribute_tensor(torch.randn(32, 16), mesh, [Shard(0)])
partial = x @ w
reveal_shape(partial)  # reveal: (8, 16)  # local: (8, 16)
reveal_shape(partial + partial)  # reveal: (8, 16)  # local: (8, 16)
act = torch.relu(partial)  # info: SC303
summed = partial.redistribute(mesh, [Replicate()])
reveal_shape(torch.relu(summed))  # reveal: (8, 16)

rows = distribute_tensor(torch.randn(8, 32), mesh, [Shard(0)])
reveal_shape(torch.relu(rows) * 2)  # reveal: (8, 32)  # local: (2, 32)
mixed = rows + x  # info: SC303
cols = distribute_tensor(torch.randn(32, 16), mesh, [Shard(1)])
reveal_shape(rows @ cols)  # reveal: (8, 16)
misaligned = x @ cols  # info: SC303

jmesh = jax.make_mesh((2, 4), ("dp", "tp"))
a = jax.device_put(jnp.zeros((16, 32)), NamedSharding(jmesh, P("dp", "tp")))
b = jax.device_put(jnp.zeros((32, 8)), NamedSharding(jmesh, P("tp", None)))
reveal_shape(jnp.tanh(a))  # reveal: (16, 32)  # local: (8, 8)
reveal_shape(a @ b)  # reveal: (16, 8)  # local: (8, 8)  # info: SC303

# einsum: output letters keep their split, a summed letter's split leaves a partial sum
heads = distribute_tensor(torch.randn(2, 8, 16, 64), mesh, [Shard(1)])
keys = distribute_tensor(torch.randn(2, 8, 16, 64), mesh, [Shard(1)])
scores = torch.einsum("bhqd,bhkd->bhqk", heads, keys)
reveal_shape(scores)  # reveal: (2, 8, 16, 16)  # local: (2, 2, 16, 16)  # layout: P(None, 'tp', None, None)
pooled = torch.einsum("bhqd->bqd", heads)
reveal_shape(pooled)  # reveal: (2, 16, 64)  # layout: P(None, None, None) partial(tp)
crossed = torch.einsum("bhqd,bhkd->bhqk", heads, distribute_tensor(torch.randn(2, 8, 16, 64), mesh, [Shard(3)]))  # info: SC303
reveal_shape(jnp.einsum("ij,jk->ik", a, b))  # reveal: (16, 8)  # local: (8, 8)  # layout: P('dp', None)  # info: SC303
