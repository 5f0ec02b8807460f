"""A parameter nothing fixes is `(*x)`: whatever its rank, what keeps its shape keeps the name
(issue 10, item 2), and a layer's sizes in a generic `__init__` are the code's own names."""
import math

import torch
from torch import nn


def gelu(x):
    y = 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
    reveal_shape(y)  # reveal: (*x)
    reveal_shape(torch.softmax(y, dim=-1) + x)  # reveal: (*x)
    return y


def project(x):
    reveal_shape(x @ torch.ones(784, 128))  # reveal: (..., 128)
    return x


def layer_sizes(x, dim, heads):
    inner = dim * heads
    qkv = nn.Linear(dim, inner * 3)(x)
    reveal_shape(qkv)  # reveal: (*x[:-1], inner*3)
    q, k, v = qkv.chunk(3, dim=-1)
    reveal_shape(q)  # reveal: (*x[:-1], inner)
    first, rest = qkv.split([dim, inner * 3 - dim], dim=-1)
    reveal_shape(rest)  # reveal: (*x[:-1], -dim+inner*3)
    return q


class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.mlp = nn.ModuleDict(dict(fc=nn.Linear(n, 4 * n), proj=nn.Linear(4 * n, n)))

    def forward(self, x):
        h = self.mlp.proj(gelu(self.mlp.fc(x)))
        reveal_shape(h)  # reveal: (*x[:-1], n)
        return x + h


def conv(inp, oup):
    return nn.Sequential(nn.Conv2d(inp, oup, 3, 1, 1), nn.BatchNorm2d(oup))


class Fuse(nn.Module):
    """Two layers built by one helper with different sizes are two layers (a memoised call's
    layer gets its own dims): no false error at the concatenation."""

    def __init__(self, channel):
        super().__init__()
        self.conv1 = conv(channel, channel)
        self.conv2 = conv(2 * channel, channel)

    def forward(self, x):
        y = self.conv1(x)
        return self.conv2(torch.cat((x, y), 1))


b = Block(8)
reveal_shape(b(torch.ones(2, 5, 8)))  # reveal: (2, 5, 8)
f = Fuse(4)
reveal_shape(f(torch.ones(1, 4, 16, 16)))  # reveal: (1, 4, 16, 16)
