# A class analysed with no call site: its __init__ runs with a config object known only by name,
# whose attributes become dims named by the code (config.n_embd), shared by the layers built in
# __init__ and the shapes forward computes. (After minGPT's CausalSelfAttention.) A method shows a
# dim by the attribute it reads it through (self.n_head: n_head), or by the local name it gives it.
import math

import torch
import torch.nn as nn
from torch.nn import functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        assert config.n_embd % config.n_head == 0
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd)
        self.register_buffer("bias", torch.tril(torch.ones(config.block_size, config.block_size))
                                     .view(1, 1, config.block_size, config.block_size))
        self.n_head = config.n_head
        self.n_embd = config.n_embd

    def forward(self, x):
        B, T, C = x.size()
        reveal_shape(x)  # reveal: (B, T, C)
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        reveal_shape(q)  # reveal: (B, T, n_embd)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        reveal_shape(q)  # reveal: (B, n_head, T, C // n_head)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        reveal_shape(att)  # reveal: (B, n_head, T, T)
        reveal_shape(self.bias)  # reveal: (1, 1, config.block_size, config.block_size)
        return att


class NotAConfig(nn.Module):
    """A parameter whose attribute is really an array: it stays unknown (never a false error)."""

    def __init__(self, encoder):
        super().__init__()
        num_patches, dim = encoder.pos_embedding.shape[-2:]
        self.encoder = encoder

    def forward(self, x):
        return torch.cat((self.encoder.cls_token, x), dim=1) + self.encoder.scale * x


def unpacks(x):
    B, T, C = x.size()
    return x


def caller(y):
    unpacks(y)
    reveal_shape(y)  # reveal: (B, T, C)
    return y


class Stack(nn.Module):
    """A list held on self and grown in a loop too long to unroll has an unknown length after it."""

    def __init__(self, depth, dim):
        super().__init__()
        self.layers = []
        for _ in range(27):
            self.layers.append(nn.Linear(dim, dim))

    def forward(self, x):
        return self.layers[26](x)


class Attn(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.proj = nn.Linear(n, n)

    def forward(self, x):
        B, T, C = x.size()
        return self.proj(x)


class Block(nn.Module):
    """The rank attention's forward unpacks reaches the caller's x through a layer that keeps its
    input's shape, and the left operand of `x + ...` sees it; the width its projection requires of
    x (``C == n``) holds here once the call returns, so the sum is x's shape."""

    def __init__(self, n):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n)
        self.attn = Attn(n)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        reveal_shape(x)  # reveal: (B, T, C)
        return x


class HeadsByAttribute(nn.Module):
    """__init__ only copies the config's value (it is no int there yet): the method's read names it;
    a local name the method gives it takes over."""

    def __init__(self, config):
        super().__init__()
        self.n_head = config.n_head
        self.head_dim = config.head_dim

    def forward(self, x):
        B, T, C = x.size()
        y = x.view(B, T, self.n_head, self.head_dim)
        reveal_shape(y)  # reveal: (B, T, n_head, head_dim)
        hd = self.head_dim
        reveal_shape(y)  # reveal: (B, T, n_head, hd)
        return y
