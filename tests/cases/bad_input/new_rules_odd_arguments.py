# Odd arguments to this stop's new rules and interpreter paths (dataclasses, DataLoader, while
# unrolling, f-strings, getattr, reduce, index tricks, grids, new torch/NumPy rows): never an internal
# error; the errors flagged are the ones the libraries raise.
import functools
import typing
from dataclasses import KW_ONLY, dataclass, field
from typing import ClassVar, NamedTuple

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


@dataclass
class A:
    x: int = field(default_factory=lambda: 3)
    y: list = field()
    z: ClassVar[int] = 5
    _: KW_ONLY
    w: int = 2

    def __init__(self, q):
        self.q = q


@dataclass
class B(A):
    v: "int" = 1


@dataclass(frozen=True)
class C:
    a: int
    b: int = field(default=4, init=False)


b = B(1, 2, 3, 4, 5, 6)
c = C()
c2 = C(1, 2, 3, b=7, zz=1)
reveal_shape(np.zeros(c2.b))


class P(NamedTuple):
    a: int
    b: int = 2

    def total(self):
        return self.a + self.b


p = P(1)
reveal_shape(np.zeros(p.total()))
for bs in (0, -1, 2.5, None, "x"):
    for s in DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=bs):
        reveal_shape(s)
DataLoader(None)
DataLoader(5)
DataLoader()
TensorDataset()
TensorDataset(5)
TensorDataset(torch.tensor(1.0))


class D(Dataset):
    def __getitem__(self, i, j):
        return i


for d in DataLoader(D(), batch_size=2):
    reveal_shape(d)


def g(n):
    while True:
        if n:
            return 1
        break
    else:
        pass
    i = 0
    while i < 3:
        i += 1
        while i < 2:
            i += 1
    return i


g(1)
x = f"{1:>{3}}{'a'!r}{f'{2}'}{10 ** 100}"
getattr(1)
getattr(b, 5)
getattr(b, "q", None)
functools.reduce()
functools.reduce(lambda a, b: a, [])
functools.reduce(max, [1, 2], 3, 4)
np.r_[0:5, "a", 1.5, ::2]
np.c_[1, 2]
np.mgrid[0:1:5j, 0:3]
np.mgrid[5:0:-1]
np.mgrid[0:5:0]
np.ogrid[:]
torch.combinations(torch.arange(4), r=-1)  # error: SC107
torch.diag_embed(torch.tensor(1.0))
torch.block_diag()
torch.cartesian_prod()
torch.nn.functional.grid_sample(torch.ones(2, 3), torch.ones(2, 2))  # error: SC107
torch.nn.functional.affine_grid(torch.ones(1, 2, 3), [1, 2])
torch.nn.Transformer()(torch.ones(3, 512))
np.take_along_axis(np.ones(3), np.zeros(3, int), axis=5)  # error: SC104
np.polyfit(np.ones(3), np.ones((3, 2, 2)), 1)  # error: SC107
np.lib.stride_tricks.sliding_window_view(np.ones(3), (1, 1))  # error: SC107
np.insert(np.ones(3), slice(0, 2), 1)
np.delete(np.ones(3), [1, 1])
np.block([])
np.block([[1, 2], 3])
np.select([], [])
np.add.reduce()
np.add.outer(1, 2)
np.add.reduceat(np.ones(3), [0], axis=9)  # error: SC104
np.gradient(np.ones(()))
np.histogram2d([1], [2], bins="auto")
np.ix_()
np.indices(5)
np.fromfunction(5, (2, 2))
np.unpackbits(np.ones(3, np.uint8), axis=3)  # error: SC104
while len(np.ones((2, 3)).shape) < 5:
    pass
