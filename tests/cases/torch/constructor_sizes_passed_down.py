# A constructor's parameter that nothing else tells of becomes a dim where a layer takes it as a size
# (``nn.Linear(dim, hidden)`` names ``dim``). It is one value however far it is passed: each layer a
# model's constructor builds from it, and the model's own layers, have that one dim, whichever
# constructor named it first and whether a layer's construction ran or reused another's summary.
import torch
from torch import nn


class FeedForward(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        return self.net(x)


class Transformer(nn.Module):
    def __init__(self, dim, depth, hidden):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(FeedForward(dim, hidden))

    def forward(self, x):
        for ff in self.layers:
            x = ff(x) + x
        return x


class Model(nn.Module):
    # the transformer's layers name ``dim`` first; ``proj`` meets the same dim
    def __init__(self, dim, depth):
        super().__init__()
        self.transformer = Transformer(dim, depth, 32)
        self.proj = nn.Linear(3, dim)

    def forward(self, img):
        x = self.proj(img)
        reveal_shape(x)  # reveal: (*img[:-1], dim)
        x = self.transformer(x)
        reveal_shape(x)  # reveal: (*img[:-1], dim)
        return x


class Classifier(nn.Module):
    # built the way Model's transformer was (its construction reused): still this model's one width
    def __init__(self, width, depth, classes):
        super().__init__()
        self.embed = nn.Linear(7, width)
        self.transformer = Transformer(width, depth, 32)
        self.head = nn.Linear(width, classes)

    def forward(self, tokens):
        x = self.transformer(self.embed(tokens))
        reveal_shape(x)  # reveal: (*tokens[:-1], width)
        return self.head(x)


class Broken(nn.Module):
    # the head expects one feature more than the transformer gives, whatever dim is
    def __init__(self, dim, depth):
        super().__init__()
        self.transformer = Transformer(dim, depth, 32)
        self.proj = nn.Linear(3, dim)
        self.head = nn.Linear(dim + 1, 2)

    def forward(self, img):
        x = self.transformer(self.proj(img))
        return self.head(x)  # error: SC102
