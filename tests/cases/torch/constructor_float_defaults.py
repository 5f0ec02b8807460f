# A constructor's parameter whose default is a float is a float: ``torch.tensor(scale_init)`` is 0-d
# (x-transformers' full_bandwidth ``self.scale = nn.Parameter(torch.tensor(scale_init))``). One
# whose default is an int or None stays a number nothing else is known of.
import torch
from torch import nn


class ScaledResidual(nn.Module):
    def __init__(self, dim, scale_init=1e-3, dropout=0.0, heads=8, init=None):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(scale_init))
        reveal_shape(self.scale)  # reveal: ()
        reveal_shape(torch.tensor(heads))  # reveal: ?
        self.drop = nn.Dropout(dropout)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.drop(self.proj(x)) * self.scale


reveal_shape(ScaledResidual(4)(torch.zeros(2, 3, 4)))  # reveal: (2, 3, 4)
