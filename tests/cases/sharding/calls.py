# A function called with arrays placed differently is analysed per placement (the call memo is keyed
# on the arguments' layouts and meshes, not their shapes alone): each call's result has its own layout.
import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard, distribute_tensor


def total(x):
    return x.sum(0)


def split_rows(x, mesh):
    return distribute_tensor(x, mesh, [Shard(0)])


mesh4 = init_device_mesh("cuda", (4,), mesh_dim_names=("tp",))
mesh2 = init_device_mesh("cuda", (2,), mesh_dim_names=("tp",))
rows = distribute_tensor(torch.randn(8, 16), mesh4, [Shard(0)])
cols = distribute_tensor(torch.randn(8, 16), mesh4, [Shard(1)])
reveal_shape(total(rows))  # reveal: (16,)  # local: (16,)  # layout: P(None) partial(tp)
reveal_shape(total(cols))  # reveal: (16,)  # local: (4,)  # layout: P('tp')
reveal_shape(total(torch.randn(8, 16)))  # reveal: (16,)
reveal_shape(split_rows(torch.randn(8, 16), mesh4))  # reveal: (8, 16)  # local: (2, 16)
reveal_shape(split_rows(torch.randn(8, 16), mesh2))  # reveal: (8, 16)  # local: (4, 16)
odd = split_rows(torch.randn(6, 16), mesh4)  # error: SC110
