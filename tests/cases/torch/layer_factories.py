# A block builds layers from classes it is given (``norm_layer(dim)``, ``act_layer()``): its generic
# analysis knows nothing of them, so ``self.norm(x)`` is unknown there. Its methods are analysed
# again, for coverage and reveals only, on an object built with each such parameter at what every
# construction in the project gave it, else at its default (None, a class, a partial).
from functools import partial

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim, norm_layer=None, act_layer=nn.GELU):
        super().__init__()
        if norm_layer is None:
            norm_layer = partial(nn.LayerNorm, eps=1e-6)
        self.norm = norm_layer(dim)
        self.fc = nn.Linear(dim, dim * 4)
        self.act = act_layer()

    def forward(self, x):
        b, n, c = x.shape
        reveal_shape(self.norm(x))  # reveal: (b, n, c)
        reveal_shape(self.act(self.fc(self.norm(x))))  # reveal: (b, n, dim*4)
        return x


class Mlp(nn.Module):
    # no construction in the project: the defaults (no norm: nn.Identity; ReLU)
    def __init__(self, dim, hidden, norm_layer=None, act_layer=nn.ReLU):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = act_layer(inplace=True)
        self.norm = norm_layer(hidden) if norm_layer is not None else nn.Identity()

    def forward(self, x):
        b, c = x.shape
        reveal_shape(self.norm(self.act(self.fc1(x))))  # reveal: (b, hidden)
        return x


class Stage(nn.Module):
    # every construction passes nn.Flatten: built with it, not with the default
    def __init__(self, dim, proj_layer=nn.Identity):
        super().__init__()
        self.proj = proj_layer()

    def forward(self, x):
        b, c, t = x.shape
        reveal_shape(self.proj(x))  # reveal: (b, c*t)
        return x


class Sized(nn.Module):
    # a parameter it calls whose default is no class (a size): not a layer factory, still unknown
    def __init__(self, dim, make=4):
        super().__init__()
        self.layer = make(dim)

    def forward(self, x):
        reveal_shape(self.layer(x))  # reveal: unknown
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(64) for _ in range(2)])
        self.stage = Stage(32, proj_layer=nn.Flatten)
        self.other = Stage(48, nn.Flatten)

    def forward(self, x):
        return self.blocks(x)
