# lucidrains' `default(val, d)` helper: `mask = default(mask, lambda: torch.ones(b, n))` is the
# parameter where it is given, else the lambda's array. `callable(d)` of a lambda is True, so the
# default keeps its shape; the join of the parameter (unknown rank) with that 2-d array makes the
# parameter's likely rank 2 (Analysis.join_rank), which a coverage-only re-analysis takes. What
# the guess finds is never reported.
import torch
from torch import nn


def exists(val):
    return val is not None


def default(val, d):
    if exists(val):
        return val
    return d() if callable(d) else d


def make(d):
    called = callable(d)
    return d() if called else d


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x, mask=None, bias=None):
        b, n, _ = x.shape
        mask = default(mask, lambda: torch.ones(b, n, dtype=torch.bool))
        reveal_shape(mask)  # reveal: (mask0, mask1)
        y = x.masked_fill(~mask[..., None], 0.)
        reveal_shape(y)  # reveal: (b, n, _)
        bias = bias if bias is not None else torch.zeros(n, n)
        reveal_shape(bias)  # reveal: (bias0, bias1)
        bias.shape[5]  # out of bounds at the guessed rank: a guess reports nothing
        return self.to_out(y)


def built(b, n):
    reveal_shape(make(lambda: torch.ones(b, n)))  # reveal: (b, n)
    return make(3)
