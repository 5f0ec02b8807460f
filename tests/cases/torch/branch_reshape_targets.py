# shapecheck-options: strict
# A reshape target set in an ``if``/``else`` (timm's GlobalResponseNorm: ``(1, 1, 1, -1)`` for
# channels-last, ``(1, -1, 1, 1)`` otherwise) is one of the two tuples, not a tuple of joined ints:
# joined item by item, which entry is -1 was lost (both might be, or neither), and --strict warned
# that ``view`` needs dim == j*channel_dim. An op given either applies to each and joins the results.
import torch
from torch import nn


class GlobalResponseNorm(nn.Module):
    def __init__(self, dim, eps=1e-6, channels_last=True):
        super().__init__()
        self.eps = eps
        if channels_last:
            self.spatial_dim = (1, 2)
            self.channel_dim = -1
            self.wb_shape = (1, 1, 1, -1)
        else:
            self.spatial_dim = (2, 3)
            self.channel_dim = 1
            self.wb_shape = (1, -1, 1, 1)
        self.weight = nn.Parameter(torch.zeros(dim))
        self.bias = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x_g = x.norm(p=2, dim=self.spatial_dim, keepdim=True)
        x_n = x_g / (x_g.mean(dim=self.channel_dim, keepdim=True) + self.eps)
        w = self.weight.view(self.wb_shape)
        reveal_shape(w)  # reveal: (1, j, 1, j')
        return x + torch.addcmul(self.bias.view(self.wb_shape), w, x * x_n)


def pick(flag: bool):
    shape = (2, -1) if flag else (-1, 3)
    y = torch.zeros(6).reshape(shape)
    reveal_shape(y)  # reveal: (2, 3)
    return y


out = GlobalResponseNorm(8)(torch.zeros(2, 4, 4, 8))
reveal_shape(out)  # reveal: (2, 4, 4, 8)
out = GlobalResponseNorm(8, channels_last=False)(torch.zeros(2, 8, 4, 4))
pick(True)
