# ``dim`` names a size in most layers' constructors and an axis in others (``dim=-1``): a parameter
# tested against -1 or added to is no size, so nothing takes it for one (pyro's HaarTransform: its
# ``if dim != -1:`` made ``dim`` a size, and a copy of the transform then failed its constructor's
# ``assert dim < 0``, a false SC110).
import torch
from torch import nn


class Haar(nn.Module):
    def __init__(self, dim=-1, flip=False):
        super().__init__()
        assert isinstance(dim, int) and dim < 0
        self.dim = dim
        self.flip = flip

    def forward(self, x):
        dim = self.dim
        if dim != -1:
            x = x.transpose(dim, -1)
        return x

    def with_cache(self):
        return Haar(self.dim, flip=self.flip)


class Shift(nn.Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return x.unsqueeze(self.dim + 1)


def run():
    h = Haar(dim=-2).with_cache()
    reveal_shape(h(torch.ones(2, 3, 4)))  # reveal: (2, 4, 3)
    reveal_shape(Shift(-2)(torch.ones(2, 3)))  # reveal: (2, 3, 1)


run()
