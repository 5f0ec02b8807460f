# A project subclass of dict (or OrderedDict) built by dict's own constructor holds the entries it
# was built from: ``super().__getitem__(key)`` in its own ``__getitem__`` reads them. transformers
# takes every activation so: ``ACT2FN[config.hidden_act]`` builds the class an entry names (with the
# arguments a ``(cls, kwargs)`` entry gives). With a key known only at run time, the lookup is one
# of the layers each entry builds, and calling it calls each.
from collections import OrderedDict

import torch
from torch import nn


class ClippedGELU(nn.Module):
    def __init__(self, min: float, max: float):
        super().__init__()
        self.min = min
        self.max = max

    def forward(self, x):
        return torch.clip(nn.functional.gelu(x), self.min, self.max)


class Kernel(nn.Module):
    # a custom kernel's output (unknown) reshaped to its input's shape has that shape
    def __init__(self):
        super().__init__()
        try:
            from torch._dynamo import allow_in_graph
            self.fn = allow_in_graph(self._kernel)
        except Exception:
            self.fn = self._kernel

    def _kernel(self, x):
        original_shape = x.shape
        out = torch.ops.aten.gelu(x.view(-1, x.size(-1)))   # (an op no table models)
        return out.view(original_shape)

    def forward(self, x):
        return self.fn(x)


class ClassInstantier(OrderedDict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {
    "gelu_10": (ClippedGELU, {"min": -10, "max": 10}),
    "kernel": Kernel,
    "relu": nn.ReLU,
    "silu": nn.SiLU,
}
ACT2FN = ClassInstantier(ACT2CLS)


class MLP(nn.Module):
    def __init__(self, hidden_size, intermediate_size, hidden_act):
        super().__init__()
        self.up = nn.Linear(hidden_size, intermediate_size)
        self.down = nn.Linear(intermediate_size, hidden_size)
        self.act_fn = ACT2FN[hidden_act]

    def forward(self, x):
        h = self.act_fn(self.up(x))
        reveal_shape(h)  # reveal: (*x[:-1], intermediate_size)
        return self.down(h)


def known_keys():
    x = torch.ones(2, 5, 7)
    reveal_shape(ACT2FN["gelu_10"](x))  # reveal: (2, 5, 7)
    reveal_shape(ACT2FN["relu"](x))  # reveal: (2, 5, 7)
    reveal_shape(ACT2FN["kernel"](x))  # reveal: (2, 5, 7)


def entries_read():
    table = {"a": torch.ones(2, 3), "b": torch.ones(4)}
    reveal_shape(table.get("a"))  # reveal: (2, 3)
    reveal_shape(table.__getitem__("b"))  # reveal: (4,)
    missing = table.get("c", torch.zeros(6))
    reveal_shape(missing)  # reveal: (6,)


def wrong_width(name: str):
    act = ACT2FN[name]
    h = act(torch.ones(3, 8))
    return h @ torch.ones(7, 2)  # error: SC102


known_keys()
entries_read()
