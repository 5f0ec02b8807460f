# In a module importing both numpy and torch, an array whose library is not known (its shape unpacked
# from a value of unknown kind) takes a method both libraries have under NumPy's meaning unless only
# torch's fits. A torch-only keyword (``dim``, ``keepdim``) or sizes given to ``view`` fit only
# torch's: diffusers 0.42.1's HunyuanVideo15Downsample read ``x.view(B, C, g, T, H, W).mean(dim=2)``
# as NumPy's view (a dtype view, shape unknown) and NumPy's mean over every axis (0-d), then
# ``torch.cat([x_first, x_next], dim=2)`` was a false SC106 (zero-dimensional arrays).
import numpy as np
import torch
from torch import nn


class Down(nn.Module):
    def __init__(self, rearrange, group_size):
        super().__init__()
        self.rearrange = rearrange
        self.group_size = group_size

    def forward(self, x, h):
        x_first = self.rearrange(x[:, :, :1])
        B, C, T, H, W = x_first.shape
        x_first = x_first.view(B, h.shape[1], self.group_size // 2, T, H, W)
        reveal_shape(x_first)  # reveal: (B, h.shape[1], group_size//2, T, H, W)
        x_first = x_first.mean(dim=2)
        reveal_shape(x_first)  # reveal: (B, h.shape[1], T, H, W)
        x_next = self.rearrange(x[:, :, 1:])
        B, C, T, H, W = x_next.shape
        x_next = x_next.view(B, h.shape[1], self.group_size, T, H, W).mean(dim=2)
        return torch.cat([x_first, x_next], dim=2)


def reductions(make, v):
    y = make(v)
    n, c, t = y.shape
    reveal_shape(y.mean(dim=2, keepdim=True))  # reveal: (n, c, 1)
    reveal_shape(y.sum(dim=(1, 2)))  # reveal: (n,)
    reveal_shape(y.mean(2))  # reveal: (n, c)
    reveal_shape(y.view(n, c * t))  # reveal: (n, c*t)
    return y
