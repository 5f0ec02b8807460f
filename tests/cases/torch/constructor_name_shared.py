# shapecheck-options: strict
# A constructor's parameter stored on the object (``self.num_heads = num_heads``) and then used as a
# size (``torch.ones(num_heads, 1, 1)``) is one dim on both: timm's XCA multiplied ``q`` (heads taken
# from ``self.num_heads``) by ``self.temperature`` (heads from ``num_heads``), two symbols, and
# --strict asked whether heads == heads'. A reshape target written with unknown names
# (``C // self.num_heads``) is in those names too, not in dims of its own.
import torch
from torch import nn


class XCA(nn.Module):
    def __init__(self, dim, num_heads=8):
        super().__init__()
        self.num_heads = num_heads
        self.temperature = nn.Parameter(torch.ones(num_heads, 1, 1))
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads)  # warning: SC120, SC120
        reveal_shape(qkv)  # reveal: (B, N, 3, num_heads, C//num_heads)
        q, k, v = qkv.permute(2, 0, 3, 4, 1).unbind(0)
        q = q * self.temperature
        reveal_shape(q)  # reveal: (B, num_heads, C//num_heads, N)
        return q


XCA(16, 4)(torch.zeros(2, 5, 16))
