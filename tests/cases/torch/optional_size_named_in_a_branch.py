# A constructor's parameter that may be None (``num_blocks: Optional[int] = None``) is a size only in
# the branch that took it for one: named there (``torch.empty(num_relations, num_blocks, ...)`` under
# ``elif num_blocks is not None:``), it was a size in every branch after, so ``forward`` took both
# decompositions at once (torch_geometric's RGCNConv: a false SC107 from an einsum of the basis
# decomposition's 3-d weight as the block decomposition's 4-d one).
from typing import Optional

import torch
from torch import nn
from torch.nn import Parameter


class RGCN(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, num_relations: int,
                 num_bases: Optional[int] = None, num_blocks: Optional[int] = None):
        super().__init__()
        self.num_relations = num_relations
        self.num_bases = num_bases
        self.num_blocks = num_blocks
        self.in_channels_l = in_channels
        self.out_channels = out_channels
        if num_bases is not None:
            self.weight = Parameter(torch.empty(num_bases, in_channels, out_channels))
            self.comp = Parameter(torch.empty(num_relations, num_bases))
        elif num_blocks is not None:
            self.weight = Parameter(torch.empty(num_relations, num_blocks, in_channels // num_blocks,
                                                out_channels // num_blocks))
        else:
            self.weight = Parameter(torch.empty(num_relations, in_channels, out_channels))

    def forward(self, x):
        weight = self.weight
        if self.num_bases is not None:
            weight = (self.comp @ weight.view(self.num_bases, -1)).view(
                self.num_relations, self.in_channels_l, self.out_channels)
        out = torch.zeros(x.size(0), self.out_channels)
        if self.num_blocks is not None:
            for i in range(self.num_relations):
                h = x.view(-1, weight.size(1), weight.size(2))
                h = torch.einsum('abc,bcd->abd', h, weight[i])
                out = out + h.contiguous().view(-1, self.out_channels)
        else:
            for i in range(self.num_relations):
                out = out + x @ weight[i]
        return out


def run():
    blocks = RGCN(8, 4, 3, num_blocks=2)
    reveal_shape(blocks(torch.ones(5, 8)))  # reveal: (5, 4)
    bases = RGCN(8, 4, 3, num_bases=2)
    reveal_shape(bases(torch.ones(5, 8)))  # reveal: (5, 4)


run()
