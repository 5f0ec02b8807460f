"""A parameter nothing fixes is `(*x)`: whatever its rank, what keeps its shape keeps the name
(issue 10, item 2), and a layer's sizes in a generic `__init__` are the code's own names."""
import math

import numpy as np
import torch
from einops import rearrange
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


class Attention(nn.Module):
    """An einops pattern fixes the rank of the parameter it reaches (through a layer and a chunk):
    the analysis is redone at that rank; a layer chosen at run time is either layer."""

    def __init__(self, dim, heads, dim_head):
        super().__init__()
        inner = heads * dim_head
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.to_qkv = nn.Linear(dim, inner * 3)
        self.to_out = nn.Linear(inner, dim) if inner != dim else nn.Identity()

    def forward(self, x):
        q, k, v = map(lambda t: rearrange(t, "b n (h d) -> b h n d", h=self.heads), self.to_qkv(x).chunk(3, dim=-1))
        dots = torch.matmul(q, k.transpose(-1, -2)) * self.scale
        out = rearrange(torch.matmul(dots.softmax(dim=-1), v), "b h n d -> b n (h d)")
        reveal_shape(x)  # reveal: (x0, x1, x2)
        reveal_shape(dots)  # reveal: (x0, heads, x1, x1)
        return self.to_out(out)


class Transformer(nn.Module):
    """Layers appended in a loop of unknown length keep their kind, and the residual stream keeps
    its input's shape: the norm's width check over x (``x2 == dim``) holds after the call, so the
    pass ends with x as it started and the loop settles at once."""

    def __init__(self, dim, depth):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([Attention(dim, 8, 64), nn.LayerNorm(dim)]))

    def forward(self, x):
        for attn, norm in self.layers:
            x = attn(norm(x)) + x
        reveal_shape(x)  # reveal: (x0, x1, x2)
        return x


def pad_end(reachability):
    """hstack's axis depends on the first operand's rank: unknown here, so no error (scikit-learn's
    OPTICS does this with a 1-D plot)."""
    return np.hstack((reachability, np.inf))


class ConvStem(nn.Module):
    """A conv acts on the last 3 dims (unbatched or batched input): an input of unknown rank keeps
    its leading dims, the result as rank-exact as x; layers after it see the dims the conv made."""

    def __init__(self, dim):
        super().__init__()
        self.conv = nn.Conv2d(3, dim, 3, padding=1)
        self.net = nn.Sequential(nn.Conv2d(dim, dim, 1), nn.GELU(), nn.AdaptiveAvgPool2d(1))

    def forward(self, x):
        y = self.conv(x)
        reveal_shape(y)  # reveal: (*x[:-3], dim, l, l')
        reveal_shape(self.net(y))  # reveal: (*x[:-3], dim, 1, 1)
        return y


def padded(x):
    # F.pad changes the last len(pad) // 2 dims: the others keep x's
    y = torch.nn.functional.pad(x, (1, 1, 0, 2))
    reveal_shape(y)  # reveal: (*x[:-2], x.shape[-2]+2, x.shape[-1]+2)
    return y

