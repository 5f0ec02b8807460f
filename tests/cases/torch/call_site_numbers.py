# A method's parameter that every call in the project gives a number (``eps=1e-6`` left to its
# default, ``dim=-1``) is that number in the analysis at the callers' ranks (driver/callsites.py),
# not an array of unknown rank that would leave everything it meets unknown.
import torch
from torch import nn


class L2Norm(nn.Module):
    def forward(self, x, eps=1e-6):
        norm = x.norm(dim=1, keepdim=True).clamp(min=eps)
        reveal_shape(norm)  # reveal: (x.shape[0], 1, *x[2:])
        return x / norm


class Soft(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.norm = L2Norm()

    def forward(self, x, dim=-1, scale=2):
        z = self.proj(x).softmax(dim=dim) * scale
        reveal_shape(z)  # reveal: (x0, x1, dim)
        return self.norm(z)


class Net(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.soft = Soft(dim)

    def forward(self, x):
        b, n, d = x.shape
        return self.soft(x) + self.soft(x, dim=1, scale=3)
