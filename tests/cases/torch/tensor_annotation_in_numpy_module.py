# A module that imports NumPy and torch: a parameter annotated as a torch tensor has torch's methods
# (diffusers' Chroma: emb.flatten(1, 2).chunk(6, dim=1) is not NumPy's flatten(order), a false SC110).
from typing import Optional

import numpy as np
import torch
import torch as th
from torch import Tensor


def modulation(temb: torch.Tensor):
    emb = temb[:, :6].flatten(1, 2)
    reveal_shape(emb)  # reveal: (temb.shape[0], temb.shape[2]*min(6, temb.shape[1]), *temb[3:])
    shift, scale, gate, a, b, c = emb.chunk(6, dim=1)
    return shift


def optional_tensor(x: Optional[Tensor] = None):
    return x.flatten(1)


def float_tensor(x: torch.FloatTensor):
    return x.flatten(0, 1)


def aliased(x: th.Tensor, y: "torch.Tensor"):
    reveal_shape(x.flatten(1, 2))  # reveal: (x.shape[0], x.shape[1]*x.shape[2], *x[3:])
    reveal_shape(y.flatten(1, 2))  # reveal: (y.shape[0], y.shape[1]*y.shape[2], *y[3:])
    return x.flatten(0, 1), y.flatten(1, 2)


def plain(x):
    return x.flatten()   # no annotation: NumPy's or torch's, as the call decides


reveal_shape(modulation(torch.zeros(2, 12, 3, 4)))  # reveal: (2, 3, 4)
reveal_shape(optional_tensor(torch.zeros(2, 3, 5)))  # reveal: (2, 15)
reveal_shape(float_tensor(torch.zeros(2, 3, 5)))  # reveal: (6, 5)
reveal_shape(plain(np.zeros((2, 3))))  # reveal: (6,)
a, b = aliased(torch.zeros(2, 3, 5), torch.zeros(2, 3, 5))
reveal_shape(a)  # reveal: (6, 5)
reveal_shape(b)  # reveal: (2, 15)
