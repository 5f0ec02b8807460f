# ``tuple()`` of a sequence of unknown length (``tuple(map(lambda conv: conv(x), self.convs))``) is
# a tuple whose items are its element: indexed, concatenated and checked with isinstance as one.
import torch
from torch import nn


class MultiScale(nn.Module):
    def __init__(self, dim_in, dim_out, kernel_sizes):
        super().__init__()
        self.convs = nn.ModuleList([])
        for kernel in sorted(kernel_sizes):
            self.convs.append(nn.Conv2d(dim_in, dim_out, kernel, stride=2, padding=(kernel - 2) // 2))

    def forward(self, x):
        b, c, h, w = x.shape
        fmaps = tuple(conv(x) for conv in self.convs)
        reveal_shape(fmaps[0])  # reveal: (b, dim_out, (h-kernel+(kernel//2)*2)//2, (-kernel+w+(kernel//2)*2)//2)
        if not isinstance(fmaps, tuple):
            return x[0, 0, 0, 0, 0]   # not reached: fmaps is a tuple
        return torch.cat(fmaps, dim=1)
