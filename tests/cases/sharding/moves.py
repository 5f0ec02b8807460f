# Placements through ops that move dims: a permutation moves each split with its dim; a sum over a
# split dim leaves a partial sum (a DTensor Partial; XLA sums a jax.Array at once, SC303), a max over
# one combines the pieces first; a reshape keeps a split on the outermost factor of its group when the
# devices divide that factor, else it gathers the split first (SC303), which DTensor's view refuses
# (SC133).
import jax
import jax.numpy as jnp
import numpy as np
import torch
from jax.sharding import NamedSharding, PartitionSpec as P
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard, distribute_tensor

mesh = init_device_mesh("cuda", (2, 4), mesh_dim_names=("dp", "tp"))
x = distribute_tensor(torch.randn(8, 16, 32), mesh, [Shard(0), Shard(2)])
reveal_shape(x.transpose(1, 2))  # reveal: (8, 32, 16)  # local: (4, 8, 16)  # layout: P('dp', 'tp', None)
reveal_shape(x.permute(2, 0, 1))  # reveal: (32, 8, 16)  # local: (8, 4, 16)  # layout: P('tp', 'dp', None)
reveal_shape(torch.transpose(x, 0, -1))  # reveal: (32, 16, 8)  # layout: P('tp', None, 'dp')
reveal_shape(x.mT)  # reveal: (8, 32, 16)  # layout: P('dp', 'tp', None)

# reductions
reveal_shape(x.sum(dim=2))  # reveal: (8, 16)  # local: (4, 16)  # layout: P('dp', None) partial(tp)
reveal_shape(x.mean(-1, keepdim=True))  # reveal: (8, 16, 1)  # local: (4, 16, 1)  # layout: P('dp', None, None) partial(tp)
reveal_shape(x.sum(1))  # reveal: (8, 32)  # local: (4, 8)  # layout: P('dp', 'tp')
reveal_shape(x.amax(dim=0))  # reveal: (16, 32)  # local: (16, 8)  # layout: P(None, 'tp')  # info: SC303
partial = x.sum(dim=2)
top = partial.amax(dim=1)  # info: SC303

# reshapes
reveal_shape(x.reshape(8, 512))  # reveal: (8, 512)  # local: (4, 512)  # layout: P('dp', None)  # info: SC303
reveal_shape(x.reshape(2, 4, 16, 32))  # reveal: (2, 4, 16, 32)  # local: (1, 4, 16, 8)  # layout: P('dp', None, None, 'tp')
reveal_shape(x.reshape(128, 32))  # reveal: (128, 32)  # local: (64, 8)  # layout: P('dp', 'tp')
reveal_shape(x.view(8, 16, 4, 8))  # reveal: (8, 16, 4, 8)  # local: (4, 16, 1, 8)  # layout: P('dp', None, 'tp', None)
reveal_shape(x.unsqueeze(1))  # reveal: (8, 1, 16, 32)  # local: (4, 1, 16, 8)  # layout: P('dp', None, None, 'tp')
reveal_shape(x.flatten(0, 1))  # reveal: (128, 32)  # local: (64, 8)  # layout: P('dp', 'tp')
inner = x.view(8, 512)  # error: SC133
odd = x.view(8, 16, 2, 16)  # error: SC133

heads = distribute_tensor(torch.randn(4, 64, 512), mesh["tp"], [Shard(2)])
reveal_shape(heads.view(4, 64, 8, 64))  # reveal: (4, 64, 8, 64)  # local: (4, 64, 2, 64)  # layout: P(None, None, 'tp', None)
reveal_shape(heads.view(4, 64, 8, 64).transpose(1, 2))  # reveal: (4, 8, 64, 64)  # layout: P(None, 'tp', None, None)

# jax: XLA sums a split reduction at once
jmesh = jax.make_mesh((2, 4), ("dp", "tp"))
a = jax.device_put(jnp.zeros((16, 32)), NamedSharding(jmesh, P("dp", "tp")))
reveal_shape(a.T)  # reveal: (32, 16)  # layout: P('tp', 'dp')
reveal_shape(jnp.sum(a, axis=1))  # reveal: (16,)  # local: (8,)  # layout: P('dp')  # info: SC303
reveal_shape(a.reshape(16, 4, 8))  # reveal: (16, 4, 8)  # local: (8, 1, 8)  # layout: P('dp', 'tp', None)
