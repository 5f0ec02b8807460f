# A constructor's parameter beside a Python number in the data of a new array is a number too (a
# sequence mixing a number with an array is ragged, which torch rejects): ``torch.tensor([2 *
# window_size - 1, 1])`` is (2,). Alone, it may be an array: ``torch.tensor([a, b])`` is unknown.
import torch
from torch import nn


class RelativeBias(nn.Module):
    def __init__(self, window_size, scale):
        super().__init__()
        pos = torch.arange(window_size)
        grid = torch.stack(torch.meshgrid(pos, pos, indexing='ij'), dim=-1).reshape(-1, 2)
        rel_pos = grid[:, None] - grid[None, :]
        strides = torch.tensor([2 * window_size - 1, 1])
        reveal_shape(strides)  # reveal: (2,)
        reveal_shape(torch.tensor([scale, scale]))  # reveal: ?
        self.register_buffer('indices', (rel_pos * strides).sum(dim=-1), persistent=False)

    def forward(self, sim):
        reveal_shape(self.indices)  # reveal: (window_size*window_size, window_size*window_size)
        return sim
