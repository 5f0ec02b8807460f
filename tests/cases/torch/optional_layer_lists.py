# Blocks built in a loop, each a list holding an optional layer (``FiLM(dim) if has_tasks else
# None``), stand for one another: iterating them gives each block's layers, the optional one a layer
# or None, and the tokens the loop carries keep their rank.
import torch
from torch import nn
from torch.nn import Module, ModuleList


def exists(v):
    return v is not None


class FeedForward(Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim))

    def forward(self, x):
        return self.net(x)


class Blocks(Module):
    def __init__(self, dim, depth, has_tasks=False, add_self_attn=True):
        super().__init__()
        self.layers = ModuleList([])
        for _ in range(depth):
            maybe_film = FeedForward(dim) if has_tasks else None
            maybe_self_attn = FeedForward(dim) if add_self_attn else None
            self.layers.append(ModuleList([maybe_film, maybe_self_attn, FeedForward(dim)]))

    def forward(self, x):
        tokens = torch.randn(2, 5, 8)
        for maybe_film, maybe_self_attn, ff in self.layers:
            if exists(maybe_film):
                tokens = maybe_film(tokens)
            if exists(maybe_self_attn):
                tokens = maybe_self_attn(tokens) + tokens
            tokens = ff(tokens) + tokens
            reveal_shape(tokens)  # reveal: (2, 5, dim)
        return tokens
