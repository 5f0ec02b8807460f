# A method other than the constructor that stores an attribute of an object the instance holds
# (``self.self.num_attention_heads = ...``) may or may not have run when another method calls that object:
# the stored value is one possibility, whichever order the methods come in. transformers 4.57.1's
# Nystromformer attention: `prune_heads` lowers the heads of its `self.self`, and `forward` then called
# `self.self(x)` as if every object had pruned heads, whose grouped conv (built for all heads) refused
# the value: a false SC110 at `forward`.
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, heads, head_size):
        super().__init__()
        self.num_heads = heads
        self.head_size = head_size
        self.value = nn.Linear(heads * head_size, heads * head_size)
        self.conv = nn.Conv2d(heads, heads, kernel_size=(3, 1), padding=(1, 0), groups=heads)

    def forward(self, x):
        b, n, _ = x.shape
        v = self.value(x).view(b, n, self.num_heads, self.head_size).transpose(1, 2)
        return v + self.conv(v)


class PrunedFirst(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.self = SelfAttention(config.heads, config.head_size)

    def prune_heads(self, heads):
        self.self.num_heads = self.self.num_heads - len(heads)

    def forward(self, x):
        return self.self(x)


class PrunedAfter(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.self = SelfAttention(config.heads, config.head_size)

    def forward(self, x):
        return self.self(x)

    def prune_heads(self, heads):
        self.self.num_heads = self.self.num_heads - len(heads)


def pruned_after_call(config, x):
    layer = PrunedFirst(config)
    out = layer(x)
    layer.prune_heads([0])
    return out


reveal_shape(SelfAttention(4, 8)(torch.zeros(2, 5, 32)))  # reveal: (2, 4, 5, 8)
