# A parameter of unknown rank broadcast beside an array of known rank (`dots + attn_bias`): the result
# has at least the known operand's rank, and the parameter is taken at the least such rank in a
# coverage-only re-analysis (Analysis.floor_rank), after the rank its calls give it and a layer's guess.
# What the guess finds is never reported.
import torch
from torch import nn, einsum


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.to_qk = nn.Linear(dim, dim * 2, bias=False)

    def forward(self, x, attn_bias=None):
        b, n, _ = x.shape
        q, k = self.to_qk(x).chunk(2, dim=-1)
        q = q.reshape(b, n, self.heads, -1).transpose(1, 2)
        k = k.reshape(b, n, self.heads, -1).transpose(1, 2)
        dots = einsum('b h i d, b h j d -> b h i j', q, k)
        if attn_bias is not None:
            dots = dots + attn_bias
        reveal_shape(dots)  # reveal: (max(b, attn_bias0), max(heads, attn_bias1), max(n, attn_bias2), max(n, attn_bias3))
        return dots.softmax(dim=-1)


class Gated(nn.Module):
    def forward(self, x, gate):
        # two broadcasts: the greater floor wins (x beside (2, 3, 4) has dims 2 or 1, and so on)
        y = x * torch.ones(3, 4)
        out = torch.zeros(2, 3, 4) * x
        reveal_shape(out)  # reveal: (2, 3, 4)
        c, d = x.shape  # fails at the guessed rank (3), and above: x is taken at 2; a guess reports nothing
        return out + y


class ChanScale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.g = nn.Parameter(torch.ones(dim, 1, 1))
        self.conv = nn.Conv2d(dim, dim, 3, padding=1)

    def forward(self, x):
        # the conv's guess (batched, 4 dims) wins over the broadcast's floor (3 dims); x1 is dim
        y = self.conv(x) * self.g
        reveal_shape(x * self.g)  # reveal: (x0, x1, x2, x3)
        return y
