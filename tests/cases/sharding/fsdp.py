# FSDP2's fully_shard: every parameter a DTensor split on dim 0 over the mesh (all-gathered for
# forward, so calling the layer sees the whole weight); over tensor parallelism (2-D), FSDP's split is
# the major one on dim 0. In place: a model's layers are sharded, and the model is returned.
import torch
import torch.nn as nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

mesh = init_device_mesh("cuda", (4, 2), mesh_dim_names=("dp", "tp"))
dp_mesh, tp_mesh = mesh["dp"], mesh["tp"]

lin = fully_shard(nn.Linear(64, 256), mesh=dp_mesh)
reveal_shape(lin.weight)  # reveal: (256, 64)  # local: (64, 64)  # layout: P('dp', None)
reveal_shape(lin.bias)  # reveal: (256,)  # local: (64,)  # layout: P('dp')
reveal_shape(lin.weight.to_local())  # reveal: (64, 64)
reveal_shape(lin(torch.randn(8, 64)))  # reveal: (8, 256)
wrong = lin(torch.randn(8, 32))  # error: SC102


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.up = nn.Linear(dim, 4 * dim)
        self.down = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Block(128), Block(128)])
        self.head = nn.Linear(128, 10)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


model = Model()
for block in model.layers:
    fully_shard(block, mesh=dp_mesh)
sharded = fully_shard(model, mesh=dp_mesh)
# 10 rows on 4 ranks: FSDP pads the last shard, so no one local shape is claimed
reveal_shape(sharded.head.weight)  # reveal: (10, 128)
reveal_shape(model.layers[0].up.weight)  # reveal: (512, 128)  # local: (128, 128)  # layout: P('dp', None)
reveal_shape(sharded(torch.randn(32, 128)))  # reveal: (32, 10)

# 2-D: tensor parallel inside each dp group, FSDP across them
tp_block = parallelize_module(Block(128), tp_mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
reveal_shape(tp_block.up.weight)  # reveal: (512, 128)  # local: (256, 128)  # layout: P('tp', None)
reveal_shape(tp_block.down.weight)  # reveal: (128, 512)  # local: (128, 256)  # layout: P(None, 'tp')
fully_shard(tp_block, mesh=dp_mesh)
reveal_shape(tp_block.up.weight)  # reveal: (512, 128)  # local: (64, 128)  # layout: P(('dp', 'tp'), None)
reveal_shape(tp_block.down.weight)  # reveal: (128, 512)  # local: (32, 256)  # layout: P('dp', 'tp')
reveal_shape(tp_block(torch.randn(32, 128)))  # reveal: (32, 128)
