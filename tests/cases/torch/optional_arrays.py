# An array or None (``nn.Parameter(...) if flag else None``, ``mask = None`` then set in a branch) is
# an optional array: where an op takes it as an array (an operand, the object of ``.shape`` or of an
# index, a layer's or a library function's input) it can only be the array, as None raises there;
# ``is None`` of it stays undecided, so neither branch of ``if exists(...)`` is dropped.
import torch
from einops import rearrange
from torch import nn


def exists(val):
    return val is not None


class Embeddings(nn.Module):
    def __init__(self, time_seq_len, num_views=None):
        super().__init__()
        self.time_pos_emb = nn.Parameter(torch.randn(5, 64)) if time_seq_len > 1 else None
        self.view_emb = nn.Parameter(torch.randn(3, 64)) if exists(num_views) else None
        self.proj = nn.Linear(64, 128)

    def forward(self, x):
        b, t, n, d = x.shape
        reveal_shape(self.view_emb)  # reveal: (3, 64)
        if exists(self.time_pos_emb):
            x = x + rearrange(self.time_pos_emb, 't d -> t 1 d')
            reveal_shape(x)  # reveal: (b, 5, n, 64)
        if exists(self.view_emb):
            v, e = self.view_emb.shape
            reveal_shape(self.view_emb[0])  # reveal: (64,)
            reveal_shape(-self.view_emb)  # reveal: (3, 64)
            reveal_shape(self.proj(self.view_emb))  # reveal: (3, 128)
            self.view_emb @ torch.ones(3, 4)  # error: SC102
        return x


def masked(x, use_mask):
    n, d = x.shape
    mask = None
    if use_mask:
        mask = torch.ones(n, dtype=torch.bool)
    reveal_shape(mask)  # reveal: (n,)
    if mask is None:
        reveal_shape(x)  # reveal: (n, d)
        return x
    return x * mask[:, None]


def joined(x, flag, other):
    n, d = x.shape
    bias = None
    if flag:
        bias = torch.zeros(n, 1)
    elif other:
        bias = torch.zeros(n, d)
    reveal_shape(bias + x)  # reveal: (n, d)
    return x


def wrong(use_bias):
    x = torch.zeros(3, 4)
    bias = torch.zeros(5) if use_bias else None
    if exists(bias):
        return x + bias  # error: SC101
    return x


def index_may_be_none(x, flag):
    n, d = x.shape
    index = torch.zeros(3, dtype=torch.long) if flag else None
    reveal_shape(x[index])  # reveal: ?
    return x
