# A list passed to a function that changes it in place (``arr.insert(0, el)`` in a two-line helper)
# is changed in the caller too: the layers a constructor prepends through the helper are there when
# ``forward`` loops over them, in the order the helper put them.
import torch
from torch import nn


def prepend(arr, el):
    arr.insert(0, el)


def add(arr, el):
    arr.append(el)


def add_unless(arr, el, skip):
    if skip:
        return None
    arr.append(el)


class Tower(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.ups = nn.ModuleList([])
        prepend(self.ups, nn.Linear(dim, dim))
        for _ in range(2):
            prepend(self.ups, nn.Linear(dim * 2, dim))
            dim = dim * 2

    def forward(self, x):
        for layer in self.ups:
            x = layer(x)
        return x


reveal_shape(Tower()(torch.randn(3, 16)))  # reveal: (3, 4)

shapes = []
add(shapes, torch.zeros(2, 5))
reveal_shape(shapes[0])  # reveal: (2, 5)
add_unless(shapes, torch.zeros(7), False)
reveal_shape(shapes[1])  # reveal: ?
