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


# sizes written alike are one size: timm's EfficientFormer attention multiplies q by k's transpose
class Attention(nn.Module):
    def __init__(self, dim, key_dim=32, num_heads=8, attn_ratio=4):
        super().__init__()
        self.key_dim = key_dim
        self.val_dim = int(attn_ratio * key_dim)
        self.qkv = nn.Linear(dim, (key_dim * 2 + self.val_dim) * num_heads)
        self.num_heads = num_heads

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, self.num_heads, -1).permute(0, 2, 1, 3)  # warning: SC120
        q, k, v = qkv.split([self.key_dim, self.key_dim, self.val_dim], dim=3)
        return (q @ k.transpose(-2, -1)) @ v


reveal_shape(Attention(16)(torch.zeros(2, 5, 16)))  # reveal: (2, 8, 5, 128)
