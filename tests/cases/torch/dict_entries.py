# A dict entry stored, updated or deleted (kwt = dict(kw); kwt["freq"] = False) is what later reads
# and **kwt see, a branch storing one joins it with the other path's: the layer built from it is the
# one the code builds.
import numpy as np
import torch
from torch import nn


class Enc(nn.Module):
    def __init__(self, chin, chout, freq=True, pad=True):
        super().__init__()
        self.freq = freq
        klass = nn.Conv1d
        if freq:
            klass = nn.Conv2d
        self.conv = klass(chin, chout, 3)

    def forward(self, x):
        y = self.conv(x)
        if self.freq:
            B, C, Fr, T = y.shape
        return y


def build(chin, chout, wide):
    kw = {"freq": True, "pad": True}
    kwt = dict(kw)
    kwt["freq"] = False
    kwd = dict(kw)
    kwd.update(freq=False)
    kwp = dict(kw)
    del kwp["freq"]
    if wide:   # the same entries on both paths: the dict is still known after the branch
        kwt["pad"] = False
    return Enc(chin, chout, **kwt), Enc(chin, chout, **kwd), Enc(chin, chout, **kwp)


t, d, p = build(2, 4, np.random.rand() > 0.5)
reveal_shape(t(torch.zeros(1, 2, 16)))  # reveal: (1, 4, 14)
reveal_shape(d(torch.zeros(1, 2, 16)))  # reveal: (1, 4, 14)
reveal_shape(p(torch.zeros(1, 2, 16, 16)))  # reveal: (1, 4, 14, 14)
