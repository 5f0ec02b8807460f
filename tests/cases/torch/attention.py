import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    """Multi-head self-attention written out: project, split heads, scaled dot product, merge."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        k = k.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        v = v.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        mask = torch.tril(torch.ones(t, t)) == 0
        weights = F.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
        y = (weights @ v).transpose(1, 2).contiguous().view(b, t, d)
        return self.out(y)


class Block(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = SelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class TinyGPT(nn.Module):
    def __init__(self, vocab, d_model, n_heads, n_layers, context):
        super().__init__()
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(context, d_model)
        self.blocks = nn.ModuleList([Block(d_model, n_heads) for _ in range(n_layers)])
        self.head = nn.Linear(d_model, vocab, bias=False)

    def forward(self, idx):
        b, t = idx.shape
        x = self.tok(idx) + self.pos(torch.arange(t))
        for block in self.blocks:
            x = block(x)
        return self.head(x)


x = torch.randn(2, 16, 64)
block = Block(64, 4)
reveal_shape(block(x))  # reveal: (2, 16, 64)
reveal_shape(SelfAttention(64, 8)(x))  # reveal: (2, 16, 64)
gpt = TinyGPT(100, 32, 4, 2, 16)
logits = gpt(torch.randint(0, 100, (3, 16)))
reveal_shape(logits)  # reveal: (3, 16, 100)
mha = nn.MultiheadAttention(64, 8, batch_first=True)
out, attn = mha(x, x, x)
reveal_shape(out)  # reveal: (2, 16, 64)
reveal_shape(attn)  # reveal: (2, 16, 16)
memory = torch.randn(2, 10, 64)
cross, cross_w = mha(x, memory, memory)
reveal_shape(cross_w)  # reveal: (2, 16, 10)
seq_first = nn.MultiheadAttention(64, 4)
o2, w2 = seq_first(torch.randn(16, 2, 64), torch.randn(9, 2, 64), torch.randn(9, 2, 64))
reveal_shape(w2)  # reveal: (2, 16, 9)
layer = nn.TransformerEncoderLayer(d_model=64, nhead=8, batch_first=True)
reveal_shape(nn.TransformerEncoder(layer, num_layers=2)(x))  # reveal: (2, 16, 64)
wrong = block(torch.randn(2, 16, 32))  # error: SC110
wrong_mha = mha(x, torch.randn(2, 10, 32), memory)  # error: SC102
wrong_len = mha(x, memory, torch.randn(2, 9, 64))  # error: SC102
bad_heads = nn.MultiheadAttention(64, 5)  # error: SC107
