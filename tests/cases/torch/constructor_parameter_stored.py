# A constructor's parameter stored on self and used as a size: one dim, wherever self.heads is read
import torch
from torch import nn


class Heads(nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads
        self.temperature = nn.Parameter(torch.ones(heads, 1, 1))

    def forward(self, x):
        b, n, _ = x.shape
        h = self.heads
        q = x.view(b, n, h, -1).transpose(1, 2)
        reveal_shape(q * self.temperature)  # reveal: (b, h, n, _//h)
        return q


reveal_shape(Heads(4)(torch.ones(2, 5, 8)))  # reveal: (2, 4, 5, 2)
