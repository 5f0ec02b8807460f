# LayerNorm over an input of unknown rank whose trailing dims are known (what a Linear leaves of any
# input: ``(*x[:-1], 64)``) checks them: a norm of another width fails whatever the rank, and a norm
# of the Linear's width holds. Of an input with no known trailing dim nothing is checked.
# Expectations from torch 2.13 (nn.LayerNorm raises RuntimeError on a trailing-shape mismatch).
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 64)
        self.norm = nn.LayerNorm(32)
        self.same = nn.LayerNorm(64)
        self.pair = nn.LayerNorm((4, 64))

    def forward(self, x):
        y = self.proj(x)
        reveal_shape(y)  # reveal: (*x[:-1], 64)
        reveal_shape(self.same(y))  # reveal: (*x[:-1], 64)
        self.pair(y)
        return self.norm(y)  # error: SC102


def plain(x):
    return nn.LayerNorm(32)(x)


reveal_shape(Head(16).same(torch.randn(2, 3, 64)))  # reveal: (2, 3, 64)
