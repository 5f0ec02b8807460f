# A wrapper holds a layer its constructor is given (``Residual(dim, fn)``: ``self.fn = fn``): its
# generic analysis knows nothing of it, so ``self.fn(x)`` is unknown there. Where every
# construction in the project passes a layer, the wrapper's methods are analysed again, for
# coverage and reveals only, on an object built from those layers (either of them where they differ).
import torch
from torch import nn


class Residual(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        # self.fn is one of two PreNorm layers (around Attention or FeedForward): their results join,
        # both of the one dim the constructions were given
        reveal_shape(self.fn(x))  # reveal: (x0, x1, dim)
        return self.fn(x) + x


class PreNorm(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fn = fn

    def forward(self, x, **kwargs):
        # arguments of unknown number reach either block (calls with **kwargs run project code)
        reveal_shape(self.fn(self.norm(x), **kwargs))  # reveal: (x0, x1, dim)
        return self.fn(self.norm(x), **kwargs)


class FeedForward(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        return torch.softmax(q @ k.transpose(-1, -2), dim=-1) @ v


class Opaque(nn.Module):
    # one construction passes no layer: nothing is built, self.fn stays unknown
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        reveal_shape(self.fn(x))  # reveal: unknown
        return x


class Transformer(nn.Module):
    def __init__(self, dim, depth, fn):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([
                Residual(dim, PreNorm(dim, Attention(dim))),
                Residual(dim, PreNorm(dim, FeedForward(dim))),
            ]))
        self.opaque = Opaque(fn)
        self.other = Opaque(Attention(dim))

    def forward(self, x):
        b, n, d = x.shape
        for attn, ff in self.layers:
            x = ff(attn(x))
        return self.opaque(x)
