# A layer picked from a dict by a key known only at run time (``self.options[key](x)``) is one of
# the dict's layers: a call calls each and joins their results.
import random

import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_gate = nn.Linear(dim, dim)

    def forward(self, x):
        return x * self.to_gate(x).sigmoid()


class Select(nn.Module):
    def __init__(self, dim, names: tuple):
        super().__init__()
        self.options = nn.ModuleDict({"gate": Gate(dim), "norm": nn.LayerNorm(dim)})
        self.names = names

    def forward(self, x):
        b, n, d = x.shape
        key = random.choice(self.names)
        y = self.options[key](x)
        reveal_shape(y)  # reveal: (b, n, d)
        return y


def counts(batches):
    sizes = []
    for images in batches:
        sizes.append(len(images))
    reveal_shape(torch.tensor(sizes))  # reveal: (len,)
