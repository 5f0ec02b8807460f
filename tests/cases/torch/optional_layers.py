# A layer or None (``nn.LayerNorm(d) if flag else None``) is an optional layer: a call of it can only
# be a call of the layer (calling None raises), and ``is None`` of it is undecided.
import torch
from torch import nn


def exists(val):
    return val is not None


class Attention(nn.Module):
    def __init__(self, dim, cross_attend=False):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.context_norm = nn.LayerNorm(dim) if cross_attend else None

    def forward(self, x):
        b, n, d = x.shape
        kv = x
        if exists(self.context_norm):
            kv = self.context_norm(x)
            reveal_shape(kv)  # reveal: (b, n, d)
        reveal_shape(kv)  # reveal: (b, n, d)
        if self.context_norm is None:
            reveal_shape(x)  # reveal: (b, n, d)
        return self.norm(kv)
