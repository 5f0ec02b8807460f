# Layers of one class built from different arguments are different layers: a loop over a list of
# them (grown in a nested loop, which is not unrolled) does not keep the first one's channels, so
# the layer after the loop meets what the last of them gives, not the first (a false SC110 before).
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim_out, dim_in))

    def forward(self, x):
        return x @ self.weight.t()


class Encoder(nn.Module):
    def __init__(self, dim=8, stages=3, blocks=2):
        super().__init__()
        self.downs = nn.ModuleList([])
        for _ in range(stages):
            for _ in range(blocks):
                self.downs.append(Block(dim, dim))
            self.downs.append(Block(dim, dim * 2))
            dim = dim * 2
        self.mid = Block(dim, dim)

    def forward(self, x):
        for block in self.downs:
            x = block(x)
        return self.mid(x)


class Repeated(nn.Module):
    def __init__(self, dim=8, depth=20):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(Block(dim, dim))

    def forward(self, x):
        for block in self.layers:
            x = block(x)
        return x


Encoder()(torch.randn(4, 8))
reveal_shape(Repeated()(torch.randn(4, 8)))  # reveal: (4, 8)
