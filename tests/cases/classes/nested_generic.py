# A class's method analysed first because another's analysis called it: when that caller's
# analysis runs again (an op fixed its input's rank), the callee's own analysis, done once, keeps
# what it found -- its reveals here, its errors and its coverage.
import torch
from einops import rearrange
from torch import nn


class Outer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.inner = Inner(dim)

    def forward(self, img):
        x = rearrange(img, "b c h w -> b (h w) c")
        return self.inner(x)


class Inner(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        y = self.proj(x)
        reveal_shape(y)  # reveal: (b, n, dim)
        return y.sum(dim=3)  # error: SC104
