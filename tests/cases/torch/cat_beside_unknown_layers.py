# torch.cat of a branch of known shape beside branches nothing is known of (layers of a class the
# analysis cannot see): torch requires every tensor to have the same rank and the same sizes off
# the joined dim, so the result is the known branch's shape with the joined size unknown, also
# where that shape is a parameter's of unknown rank (`(*x[:-1], 1)`), not an unknown rank. Axis 1
# of that shape stays unknown (x may have 2 dims, the axis then its last), as does a join of
# two arrays nothing is known of.
import torch
from torch import nn
from somewhere_unseen import ConvBlock


class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.branch0 = ConvBlock(320, 96)
        self.branch1 = ConvBlock(320, 64)

    def forward(self, x):
        x0 = self.branch0(x)
        x1 = self.branch1(x)
        x2 = x.mean(-1, keepdim=True)
        out = torch.cat((x0, x1, x2), -1)
        reveal_shape(out)  # reveal: (*x[:-1], n)
        reveal_shape(torch.cat([x0, x2], dim=1))  # reveal: ?
        reveal_shape(torch.cat([x0, x1], dim=1))  # reveal: ?
        return out
