"""The MLP block of mlp_strategies.py written with PyTorch's APIs, as in pytorch/examples distributed/:
Megatron's split with the tensor-parallel styles (parallelize_module: column-wise then row-wise), the
same with sequence parallelism (each rank holds 1/8 of the tokens between blocks: the all-reduce
becomes an all-gather of the input and a reduce-scatter of the output, the same bytes), and FSDP2's
fully_shard (each rank its 1/8 of the tokens, the weights gathered for forward and backward, their
gradients reduce-scattered):

    shapecheck shard-cost docs/examples/mlp_torch.py::megatron --shape x=8192,4096
    shapecheck shard-cost docs/examples/mlp_torch.py::sequence_parallel docs/examples/mlp_torch.py::fully_sharded --shape x=1024,4096

The code is read, never run.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.distributed.tensor import Shard
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


class MLP(nn.Module):
    def __init__(self, d_model=4096, d_ff=16384):
        super().__init__()
        self.up = nn.Linear(d_model, d_ff, bias=False, dtype=torch.bfloat16)
        self.down = nn.Linear(d_ff, d_model, bias=False, dtype=torch.bfloat16)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


mesh = init_device_mesh("cuda", (8,), mesh_dim_names=("tp",))
tensor_parallel = parallelize_module(MLP(), mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
with_sequence_parallel = parallelize_module(MLP(), mesh, {
    "up": ColwiseParallel(input_layouts=Shard(0)),
    "down": RowwiseParallel(output_layouts=Shard(0)),
})
sharded = fully_shard(MLP(), mesh=mesh)


def megatron(x):
    """x: the tokens, whole on every rank."""
    return tensor_parallel(x)


def sequence_parallel(x):
    """x: this rank's 1/8 of the tokens."""
    return with_sequence_parallel(x)


def fully_sharded(x):
    """x: this rank's 1/8 of the tokens."""
    return sharded(x)
