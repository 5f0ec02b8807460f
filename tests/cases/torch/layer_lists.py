# Lists of layers of different classes and numbers of either kind: iterating
# ``ModuleList([Attend(...), Mix(...)])`` calls either layer, a list indexed by a symbolic position
# gives one of its items, and a constructor's number joined with the code's own stays a number.
import torch
from torch import nn
from torch.nn import ModuleList


def default(val, d):
    return val if val is not None else d


class Attend(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x)


class Mix(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x)


class Stack(nn.Module):
    def __init__(self, dim, depth, scale=None):
        super().__init__()
        self.layers = ModuleList([])
        for _ in range(depth):
            self.layers.extend([Attend(dim), Mix(dim)])
        self.norms = ModuleList([nn.LayerNorm(dim), nn.LayerNorm(dim)])
        self.scale = default(scale, depth * 2)

    def forward(self, x):
        b, n, d = x.shape
        for i, layer in enumerate(self.layers):
            reveal_shape(layer(x))  # reveal: (b, n, j)
            reveal_shape(self.norms[i % 2](x * self.scale))  # reveal: (b, n, d)
        return x


def skips(x, depth):
    # arrays of one rank gathered in a loop: an element keeps the rank, a dim that changes is made up
    b, n, d = x.shape
    saved = []
    for _ in range(depth):
        saved.append(x)
        x = torch.cat((x, x), dim=-1)
    reveal_shape(saved.pop())  # reveal: (b, n, j)
    reveal_shape([x[:, 0], x].pop(0))  # reveal: (b, j)
    return x


class Stages(nn.Module):
    # a stage's optional layer (``Mix(dim) if not last else None``) built in a loop: the list's items
    # join as one layer or the other, so iterating it still calls the stages' layers
    def __init__(self, dim, stages):
        super().__init__()
        self.layers = ModuleList([])
        for ind in range(stages):
            last = ind == stages - 1
            self.layers.append(ModuleList([nn.Linear(dim, 4), Mix(dim * 2 ** ind) if not last else None]))

    def forward(self, x):
        b, n, d = x.shape
        for attend, mix in self.layers:
            x = attend(x)
            reveal_shape(x)  # reveal: (b, n, 4)
            if mix is not None:
                x = mix(x)
        return x
