# A parameter annotated ``int`` is an int of its own name in the generic analysis: a layer built
# from it (``torch.ones(num_channels)``) has a known rank where an unknown parameter may as well be a
# tuple of sizes. One defaulting to None is not taken for an int.
from typing import Optional

import torch
from torch import nn


class LayerNorm2d(nn.Module):
    def __init__(self, num_channels: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        reveal_shape(self.weight)  # reveal: (num_channels,)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


def ramp(n: int = 4, m: int = None, k: Optional[int] = None):
    reveal_shape(torch.arange(n))  # reveal: (n,)
    if m is None:
        m = 3
    if k is None:
        k = 5
    return torch.zeros(m, k)


reveal_shape(LayerNorm2d(16)(torch.randn(2, 16, 8, 8)))  # reveal: (2, 16, 8, 8)
