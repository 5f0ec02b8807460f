# shapecheck-options: strict
# Tensor.split with as many sizes as pieces, some not known (constructor numbers kept in a tuple on
# self): one piece per size, each of its own size where it is not known. They were one list element
# unpacked thrice, so PaLM-pytorch 0.2.2's ``q, kv, ff = ...split(self.fused_dims, dim=-1)`` made q, kv
# and ff one dim, and --strict asked ``split//h == split`` of its multi-query einsum.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim, dim_head=64, heads=8, ff_mult=4):
        super().__init__()
        attn_inner_dim = dim_head * heads
        ff_inner_dim = dim * ff_mult
        self.fused_dims = (attn_inner_dim, dim_head, ff_inner_dim * 2)
        self.proj = nn.Linear(dim, sum(self.fused_dims), bias=False)

    def forward(self, x):
        q, kv, ff = self.proj(x).split(self.fused_dims, dim=-1)
        return q, kv, ff

    def mixed(self, x):
        q, kv, ff = self.proj(x).split(self.fused_dims, dim=-1)
        return q + kv  # warning: SC120


q, kv, ff = Block(16)(torch.zeros(2, 5, 16))
reveal_shape(q)  # reveal: (2, 5, 512)
reveal_shape(kv)  # reveal: (2, 5, 64)
reveal_shape(ff)  # reveal: (2, 5, 128)
