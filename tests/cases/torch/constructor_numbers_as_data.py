# A constructor's parameter is a number where it meets an array (``dots * self.scale``), and so it
# is in the data of a new array: ``torch.tensor([2 * window_size - 1, 1])`` is (2,).
import torch
from torch import nn


class RelativeBias(nn.Module):
    def __init__(self, window_size):
        super().__init__()
        pos = torch.arange(window_size)
        grid = torch.stack(torch.meshgrid(pos, pos, indexing='ij'), dim=-1).reshape(-1, 2)
        rel_pos = grid[:, None] - grid[None, :]
        strides = torch.tensor([2 * window_size - 1, 1])
        reveal_shape(strides)  # reveal: (2,)
        self.register_buffer('indices', (rel_pos * strides).sum(dim=-1), persistent=False)

    def forward(self, sim):
        reveal_shape(self.indices)  # reveal: (n*n, n*n)
        return sim
