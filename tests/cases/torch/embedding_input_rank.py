# Token ids whose rank nothing fixes, given to an nn.Embedding, are analysed as model code passes
# them, (batch, sequence), for coverage and reveals only (Analysis.guess_rank): the attention after
# the embedding has its shapes, and what the guess finds is never reported. A call that passes ids
# of another rank decides instead (driver/callsites.py).
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, vocab, dim, heads):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, dim * 3)
        self.heads = heads

    def forward(self, input_ids):
        h = self.embed(input_ids)
        reveal_shape(h)  # reveal: (input_ids0, input_ids1, dim)
        q, k, v = self.qkv(h).chunk(3, dim=-1)
        q = q.view(*q.shape[:-1], self.heads, -1).transpose(1, 2)
        reveal_shape(q)  # reveal: (input_ids0, heads, input_ids1, dim//heads)
        return q


class Labels(nn.Module):
    def __init__(self, classes, dim):
        super().__init__()
        self.embed = nn.Embedding(classes, dim)

    def forward(self, labels):
        return self.embed(labels)


def classes():
    labels = torch.zeros(8, dtype=torch.long)
    m = Labels(10, 16)
    reveal_shape(m(labels))  # reveal: (8, 16)
