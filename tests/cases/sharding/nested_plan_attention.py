# A plan entry under a prepared module (``"attention": PrepareModuleInput(...)`` then ``"attention.wo":
# RowwiseParallel(...)``) parallelizes the layer inside the module the style wraps; and
# scaled_dot_product_attention on q, k, v split alike over heads gives an output split as q is.
# pytorch-examples' fsdp_tp_example.py (llama2 with sequence parallelism) had a false SC110 once its
# Transformer.from_model_args classmethod built the model: wq/wk/wv/wo were left unparallelized
# behind the prepared ``attention``, and SDPA's output lost its split, so RowwiseParallel took the
# global (8, 256, 256) for each rank's half.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed._tensor.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard
from torch.distributed.tensor.parallel import (ColwiseParallel, PrepareModuleInput, RowwiseParallel,
                                               parallelize_module)


class Attention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        q = self.wq(x).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.wk(x).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        v = self.wv(x).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(out.transpose(1, 2).contiguous().view(bsz, seqlen, -1))


class Block(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.attention = Attention(dim, n_heads)

    def forward(self, x):
        return x + self.attention(x)


tp = init_device_mesh("cuda", (2,))
block = parallelize_module(Block(256, 16), tp, {
    "attention": PrepareModuleInput(input_layouts=(Shard(1),), desired_input_layouts=(Replicate(),)),
    "attention.wq": ColwiseParallel(use_local_output=False),
    "attention.wk": ColwiseParallel(use_local_output=False),
    "attention.wv": ColwiseParallel(use_local_output=False),
    "attention.wo": RowwiseParallel(output_layouts=Shard(1)),
})
reveal_shape(block(torch.rand(8, 128, 256)))  # reveal: (8, 128, 256)
