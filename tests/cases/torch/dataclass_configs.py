# Configs as models are built from them: dataclasses (fields in order, base fields first, field(default=...),
# default_factory, init=False, __post_init__), a NamedTuple's fields, getattr/setattr by an f-string name in
# an unrolled loop, functools.reduce applying layers in turn.
import functools
from dataclasses import dataclass, field
from typing import NamedTuple, Optional

import torch
import torch.nn as nn


@dataclass
class ModelArgs:
    dim: int = 64
    n_layers: int = 2
    n_heads: int = 4
    n_kv_heads: Optional[int] = None
    vocab_size: int = -1
    multiple_of: int = 16
    norm_eps: float = 1e-5
    max_seq_len: int = 32
    hidden: list = field(default_factory=list)
    head_dim: int = field(init=False, default=0)

    def __post_init__(self):
        self.head_dim = self.dim // self.n_heads


args = ModelArgs(vocab_size=100)
reveal_shape(torch.zeros(args.vocab_size, args.dim))  # reveal: (100, 64)
reveal_shape(torch.zeros(args.head_dim))  # reveal: (16,)
reveal_shape(torch.zeros(ModelArgs(128, n_heads=8).head_dim))  # reveal: (16,)


@dataclass(eq=False)
class Child(ModelArgs):
    extra: int = 7


c = Child(32)
reveal_shape(torch.zeros(c.dim, c.extra))  # reveal: (32, 7)


class Point(NamedTuple):
    x: int
    y: int = 3


p = Point(5)
reveal_shape(torch.zeros(p.x, p.y))  # reveal: (5, 3)
layers = [nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4)]
reveal_shape(functools.reduce(lambda h, f: f(h), layers, torch.randn(2, 8)))  # reveal: (2, 4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        for i in range(3):
            setattr(self, f"fc{i}", nn.Linear(16 if i == 0 else 32, 32))
        self.add_module("head", nn.Linear(32, 2))

    def forward(self, x):
        for i in range(3):
            x = torch.relu(getattr(self, f"fc{i}")(x))
        return self.head(x)


reveal_shape(Net()(torch.randn(5, 16)))  # reveal: (5, 2)
reveal_shape(torch.zeros(len(f"layer{3}_{True}")))  # reveal: (11,)
label = f"{Net()}: {3} layers"  # an f-string with an unknown part before a constant one
