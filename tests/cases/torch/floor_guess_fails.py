# A layer whose input no call fixes is re-run for its reveals at a rank guessed from its broadcasts:
# at least the rank of what it is broadcast with (the floor, 1 for ``self.weight * x``). Where the
# code fails at that guess (a vector reaches the attention's ``transpose(2, 3)``), the guess is no
# rank the code runs at: nothing it showed stands, and the ranks above are tried (transformers'
# decoder layers showed their hidden states, and their attention's, as vectors).
import torch
from torch import nn


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim)

    def forward(self, x):
        q = self.qkv(x).view(*x.shape[:-1], self.heads, -1).transpose(1, 2)
        return q @ q.transpose(2, 3)


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = Norm(dim)
        self.attention = Attention(dim, 8)

    def forward(self, hidden):
        hidden = self.norm(hidden)
        reveal_shape(hidden)  # reveal: (hidden0, hidden1, max(dim, hidden2))
        return self.attention(hidden)
