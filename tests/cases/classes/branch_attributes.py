# Attributes an undecided ``if`` stores on an object in both branches join, as names do: the layer
# below is one of two, so forward's reshape into 2 or 3 heads-groups is not checked against the last
# branch's layer alone (a false SC103 before: dim * 3 features reshaped as (B, N, 2, heads, dim)).
import torch
from torch import nn


class WindowAttention(nn.Module):
    def __init__(self, dim: int, num_heads: int, use_global: bool = True):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.use_global = use_global
        if self.use_global:
            self.qkv = nn.Linear(dim, dim * 2)
        else:
            self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x, q_global=None):
        B, N, C = x.shape
        if self.use_global and q_global is not None:
            return self.qkv(x).reshape(B, N, 2, self.num_heads, self.head_dim)
        return self.qkv(x).reshape(B, N, 3, self.num_heads, self.head_dim)


class Scaled(nn.Module):
    def __init__(self, flag):
        super().__init__()
        self.scale = torch.ones(4)
        if flag:
            self.scale = torch.ones(4, 1)

    def forward(self, x):
        reveal_shape(self.scale)  # reveal: ?
        return x


reveal_shape(WindowAttention(8, 2, use_global=True)(torch.randn(3, 5, 8), torch.randn(3, 5, 8)))  # reveal: (3, 5, 2, 2, 4)
