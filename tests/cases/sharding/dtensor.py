# DTensor: placements per mesh dim (Shard(d), Replicate(), Partial()); the shape stays global,
# to_local() is one rank's piece, redistribute() places the same tensor anew.
import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import DTensor, Replicate, Shard, distribute_tensor

mesh = init_device_mesh("cuda", (2, 4), mesh_dim_names=("dp", "tp"))
tp_mesh = mesh["tp"]

x = distribute_tensor(torch.randn(8, 32), mesh, [Shard(0), Shard(1)])
reveal_shape(x)  # reveal: (8, 32)  # local: (4, 8)
reveal_shape(x.to_local())  # reveal: (4, 8)
y = x.redistribute(mesh, [Replicate(), Shard(0)])
reveal_shape(y)  # reveal: (8, 32)  # local: (2, 32)
reveal_shape(y.full_tensor())  # reveal: (8, 32)

row = distribute_tensor(torch.randn(6, 32), tp_mesh, [Shard(0)])  # error: SC130
col = distribute_tensor(torch.randn(6, 32), tp_mesh, [Shard(-1)])
reveal_shape(col)  # reveal: (6, 32)  # local: (6, 8)
wrong_count = distribute_tensor(torch.randn(8, 32), mesh, [Shard(0)])  # error: SC131
wrong_dim = distribute_tensor(torch.randn(8, 32), tp_mesh, [Shard(2)])  # error: SC131

local = torch.randn(4, 16)
whole = DTensor.from_local(local, tp_mesh, [Shard(1)])
reveal_shape(whole)  # reveal: (4, 64)  # local: (4, 16)

world = init_device_mesh("cuda", (2, 4))   # unnamed mesh dims
reveal_shape(distribute_tensor(torch.randn(4, 4), world, [Shard(0), Shard(1)]))  # reveal: (4, 4)  # local: (2, 1)
