# A parameter every call passes a tuple of arrays of known ranks (``freqs, bias = pos_emb``, an RNN's
# ``(h, c)``) is, in the re-run for coverage and reveals, a tuple of arrays of those ranks: vit-pytorch's
# polar position embedding made every attention score after it unknown.
import torch
from torch import nn


def rotate(t, freqs):
    return torch.cat((t * freqs.cos(), t * freqs.sin()), dim=-1)


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_q = nn.Linear(dim, dim)

    def forward(self, x, pos_emb=None):
        q = self.to_q(x)
        if pos_emb is not None:
            freqs, bias = pos_emb
            reveal_shape(freqs)  # reveal: (pos_emb0_0, pos_emb0_1, pos_emb0_2)
            reveal_shape(bias)  # reveal: (pos_emb1_0, pos_emb1_1, pos_emb1_2)
            q = rotate(q, freqs + bias)
        return q


class Mixed(nn.Module):
    # the calls disagree (a pair, then one array): nothing is given
    def forward(self, x, state):
        reveal_shape(state)  # reveal: unknown
        return x


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = Attention(dim)
        self.mixed = Mixed()

    def forward(self, x):
        b, n, d = x.shape
        freqs = torch.randn(b, n, d // 2)
        out = self.attn(x, (freqs, freqs))
        self.mixed(x, (x, x))
        self.mixed(x, x)
        return out
