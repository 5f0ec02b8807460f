"""The Megatron MLP block written with PyTorch's tensor-parallel API (DTensor's parallelize_module), as
in pytorch/examples distributed/tensor_parallelism: column-wise then row-wise, and the same with
sequence parallelism (each rank holds 1/8 of the tokens between blocks: the all-reduce becomes an
all-gather of the input and a reduce-scatter of the output, the same bytes):

    shapecheck shard-cost docs/examples/mlp_tensor_parallel.py::megatron --shape x=8192,4096
    shapecheck shard-cost docs/examples/mlp_tensor_parallel.py::sequence_parallel --shape x=1024,4096

The code is read, never run.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


class MLP(nn.Module):
    def __init__(self, d_model=4096, d_ff=16384):
        super().__init__()
        self.up = nn.Linear(d_model, d_ff, bias=False)
        self.down = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


mesh = init_device_mesh("cuda", (8,), mesh_dim_names=("tp",))
tensor_parallel = parallelize_module(MLP(), mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
with_sequence_parallel = parallelize_module(MLP(), mesh, {
    "up": ColwiseParallel(input_layouts=Shard(0)),
    "down": RowwiseParallel(output_layouts=Shard(0)),
})


def megatron(x):
    """x: the tokens, whole on every rank."""
    return tensor_parallel(x)


def sequence_parallel(x):
    """x: this rank's 1/8 of the tokens."""
    return with_sequence_parallel(x)
