# A residual stream over blocks keeps its input's shape: each block's norm requires x's width to be
# the block's, which holds once the call returns (through a wrapper that scales the block's output,
# too), so ``x = block(x) + x`` ends its loop's pass with x as it started and the loop settles at
# once on ``(b, n, d)`` (not a joined ``(b, n, j)``); after the loop, which may run zero times, the
# final norm's check is the function's own precondition again.
import torch
from torch import nn


class FeedForward(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, dim))

    def forward(self, x):
        return self.net(x)


class LayerScale(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.scale = nn.Parameter(torch.zeros(1, 1, dim))
        self.fn = fn

    def forward(self, x, **kwargs):
        return self.fn(x, **kwargs) * self.scale


class Transformer(nn.Module):
    def __init__(self, dim, depth, mlp_dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([LayerScale(dim, FeedForward(dim, mlp_dim)), FeedForward(dim, mlp_dim)]))

    def forward(self, x):
        b, n, d = x.shape
        for scaled, ff in self.layers:
            x = scaled(x) + x
            x = ff(x) + x
        reveal_shape(x)  # reveal: (b, n, d)
        return self.norm(x)


model = Transformer(64, 6, 128)
reveal_shape(model(torch.randn(2, 10, 64)))  # reveal: (2, 10, 64)
model(torch.randn(2, 10, 32))  # error: SC110
