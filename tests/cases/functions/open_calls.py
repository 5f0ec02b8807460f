# Calls that pass arguments of unknown number (``*rest``, ``**options`` of unknown contents) still
# run the project's own code: each parameter they may fill is unknown (never its default), so a
# failure that holds whatever they hold is found, and one that needs a default is not reported.
import numpy as np
import torch
from torch import nn


def scaled(x, n=3):
    return x.reshape(n, -1)


def project(x, w, bias=None):
    return x @ w


def tuned(opts: dict):
    y = scaled(np.zeros(4), **opts)   # options may give n=2: no error from the default n=3
    reveal_shape(y)  # reveal: (d, 4//d)
    return project(np.zeros((2, 3)), np.zeros((4, 5)), **opts)  # error: SC110


def forwarded(rest: tuple):
    return project(np.zeros((2, 3)), np.zeros((4, 5)), *rest)  # error: SC110


class Block(nn.Module):
    def __init__(self, dim, gated=False):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.gated = gated

    def forward(self, x):
        return self.proj(x)


class Wrap(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x, *args, **kwargs):
        return self.fn(x, *args, **kwargs)


class Net(nn.Module):
    def __init__(self, dim, block_kwargs: dict = dict()):
        super().__init__()
        self.block = Wrap(Block(dim, **block_kwargs))

    def forward(self, x):
        b, n, d = x.shape
        y = self.block(x)
        reveal_shape(y)  # reveal: (b, n, dim)
        return y


class Parallel(nn.Module):
    def __init__(self, *fns):
        super().__init__()
        self.fns = nn.ModuleList(fns)

    def forward(self, x):
        return sum([fn(x) for fn in self.fns])


class Branches(nn.Module):
    def __init__(self, dim, branches):
        super().__init__()
        self.parallel = Parallel(*[Block(dim) for _ in range(branches)])

    def forward(self, x):
        b, n, d = x.shape
        y = self.parallel(x)
        reveal_shape(y)  # reveal: (b, n, dim)
        return y
