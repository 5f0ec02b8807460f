# A method's parameter that every call in the project gives one rank is analysed at that rank for
# coverage and reveals (driver/callsites.py); an error under that rank is reported at the call only.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, bias):
        h = self.proj(self.norm(x)) + bias
        reveal_shape(h)  # reveal: (max(x0, bias0), max(x1, bias1), max(dim, bias2))
        return h


class Picky(nn.Module):
    def forward(self, x, y):
        reveal_shape((x + y).sum(dim=1))  # reveal: (max(x0, y0), max(x2, y2))
        return (x + y).sum(dim=3)   # fails at rank 3, but the rank is the callers': reported at the call


class Disagree(nn.Module):
    def forward(self, x, y):
        reveal_shape(x + y)  # reveal: ?
        return x


class Optional(nn.Module):
    def forward(self, x, mask=None):
        if mask is not None:
            reveal_shape(x * mask[..., None])  # reveal: (max(x0, mask0), max(x1, mask1), x2)
        return x


class Cross(nn.Module):
    def forward(self, x, context=None):
        kv = context if context is not None else x
        reveal_shape(kv + x)  # reveal: (x0, x1, x2)
        return kv


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.block = Block(dim)
        self.picky = Picky()
        self.either = Disagree()
        self.optional = Optional()
        self.cross = Cross()   # every call leaves its context out: None

    def forward(self, tokens, images):
        b, n, d = tokens.shape
        _, c, h, w = images.shape   # the calls of Disagree pass x two ranks (else x + y floors images)
        out = self.block(tokens, tokens)
        reveal_shape(out)  # reveal: (b, n, dim)
        self.picky(tokens, tokens)  # error: SC110
        self.either(tokens, tokens)
        self.either(images, tokens)
        self.optional(tokens)
        self.optional(tokens, tokens[..., 0])
        self.cross(tokens)
        self.cross(tokens, context=None)
        return out
