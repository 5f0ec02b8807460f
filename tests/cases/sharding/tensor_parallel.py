# Tensor parallelism with parallelize_module (after pytorch/examples distributed/tensor_parallelism):
# ColwiseParallel splits a Linear's out_features and hands back the local columns; RowwiseParallel
# splits in_features, takes local columns and hands back the summed (replicated) output.
import torch
import torch.nn as nn
from torch.distributed._tensor.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


class ToyModel(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.in_proj = nn.Linear(10, hidden)
        self.relu = nn.ReLU()
        self.out_proj = nn.Linear(hidden, 5)

    def forward(self, x):
        return self.out_proj(self.relu(self.in_proj(x)))


mesh = init_device_mesh("cuda", (4,))
model = parallelize_module(ToyModel(32), mesh, {"in_proj": ColwiseParallel(), "out_proj": RowwiseParallel()})
inp = torch.rand(20, 10)
reveal_shape(model.in_proj(inp))  # reveal: (20, 8)
reveal_shape(model(inp))  # reveal: (20, 5)

# 30 hidden features do not split over 4 devices
uneven = parallelize_module(ToyModel(30), mesh, {"in_proj": ColwiseParallel(), "out_proj": RowwiseParallel()})
out = uneven(inp)  # error: SC110

# sequence parallel: the input rows are sharded, the output rows come back sharded
sp = parallelize_module(ToyModel(32), mesh, {"in_proj": ColwiseParallel(input_layouts=Shard(0)),
                                             "out_proj": RowwiseParallel(output_layouts=Shard(0))})
reveal_shape(sp.in_proj(inp))  # reveal: (80, 8)
reveal_shape(sp(inp))  # reveal: (20, 5)

# a DTensor output (use_local_output=False) keeps the global shape
dt = parallelize_module(nn.Linear(10, 32), mesh, ColwiseParallel(use_local_output=False))
reveal_shape(dt(inp))  # reveal: (20, 32)  # local: (20, 8)
rep = parallelize_module(nn.Linear(10, 32), mesh, ColwiseParallel(output_layouts=Replicate()))
reveal_shape(rep(inp))  # reveal: (20, 32)

# a row-parallel layer fed the full features: the local input must hold in_features / 4
row = parallelize_module(nn.Linear(32, 5), mesh, RowwiseParallel())
full = row(torch.rand(20, 32))  # error: SC102
reveal_shape(row(torch.rand(20, 8)))  # reveal: (20, 5)


# The divisibility bug tensor parallelism hides: 12 heads of 64 make 768 features, which split over
# 8 devices (96 each), but 12 heads do not; the per-device view into n_heads // tp heads fails.
class Attention(nn.Module):
    def __init__(self, dim, n_heads, tp):
        super().__init__()
        self.n_local_heads = n_heads // tp
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, n_heads * self.head_dim, bias=False)

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        xq = self.wq(x)
        return xq.view(bsz, seqlen, self.n_local_heads, self.head_dim)


tp8 = init_device_mesh("cuda", (8,))
attn = parallelize_module(Attention(768, 12, 8), tp8, {"wq": ColwiseParallel()})
q = attn(torch.rand(2, 16, 768))  # error: SC110
attn_ok = parallelize_module(Attention(768, 16, 8), tp8, {"wq": ColwiseParallel()})
reveal_shape(attn_ok(torch.rand(2, 16, 768)))  # reveal: (2, 16, 2, 48)

# a plan entry whose effect is not modelled leaves that layer unknown (never a guess)
odd_model = parallelize_module(ToyModel(32), mesh, {"relu": ColwiseParallel()})
reveal_shape(odd_model.relu(inp))  # reveal: ?

# SequenceParallel: a local input is this rank's slice of the sequence (dim 1 by default), the
# output a DTensor sharded the same way; PrepareModuleInput/Output lay a module's inputs or output
# out anew (an all-gather here), handing back a DTensor or a local tensor as use_local_output says.
from torch.distributed.tensor.parallel import PrepareModuleInput, PrepareModuleOutput, SequenceParallel


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight


class Mixer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = Norm(dim)
        self.ln = nn.LayerNorm(dim)
        self.ffn = nn.Linear(dim, dim)

    def forward(self, x):
        return self.ffn(self.norm(x))


mixer = parallelize_module(Mixer(64), mesh, {
    "norm": SequenceParallel(),
    "ln": SequenceParallel(sequence_dim=0, use_local_output=True),
    "ffn": PrepareModuleInput(input_layouts=Shard(1), desired_input_layouts=Replicate()),
})
local = torch.rand(2, 8, 64)   # each rank's 8 of the 32 positions
reveal_shape(mixer.norm(local))  # reveal: (2, 32, 64)  # local: (2, 8, 64)  # layout: P(None, 'dim0', None)
reveal_shape(mixer.ln(torch.rand(8, 64)))  # reveal: (8, 64)
reveal_shape(mixer(local))  # reveal: (2, 32, 64)
bad = mixer.norm(torch.rand(2, 8, 32))  # error: SC110
out_model = parallelize_module(nn.Linear(64, 64), mesh, PrepareModuleOutput(output_layouts=Shard(0),
                                                                             desired_output_layouts=Replicate()))
reveal_shape(out_model(torch.rand(5, 64)))  # reveal: (20, 64)


class Gate(nn.Module):
    def forward(self, x, *, mask):
        return x * mask


gate = parallelize_module(Gate(), mesh, PrepareModuleInput(
    input_layouts=(Shard(0),), desired_input_layouts=(Replicate(),),
    input_kwarg_layouts={"mask": Shard(0)}, desired_input_kwarg_layouts={"mask": Replicate()}))
reveal_shape(gate(torch.rand(5, 64), mask=torch.rand(5, 64)))  # reveal: (20, 64)
mismatch = gate(torch.rand(5, 64), mask=torch.rand(4, 64))  # error: SC110
