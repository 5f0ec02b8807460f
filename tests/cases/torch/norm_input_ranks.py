# Normalisation layers and an input of unknown rank. BatchNorm2d takes 4-D input only (torch raises
# on any other), so it fixes the rank of the parameter it reaches, which its function is analysed
# at; InstanceNorm2d takes (C, H, W) or (N, C, H, W), so only the batched rank is guessed, for
# coverage and reveals (Analysis.guess_rank).
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_q = nn.Sequential(nn.Conv2d(dim, dim, 1), nn.BatchNorm2d(dim))

    def forward(self, x):
        reveal_shape(x)  # reveal: (x0, x1, x2, x3)
        q = self.to_q(x)
        return torch.cat((q, q), dim=1)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = Attention(dim)
        self.norm = nn.InstanceNorm1d(dim)
        self.norm3d = nn.BatchNorm3d(dim)

    def forward(self, x, seq, feats):
        # x reaches BatchNorm2d through the attention: the caller learns its rank too
        reveal_shape(self.attn(x) + x)  # reveal: (x0, dim*2, x2, x3)
        reveal_shape(torch.cat((self.norm(seq), seq), dim=1))  # reveal: (seq0, seq1*2, seq2)
        reveal_shape(self.norm3d(feats[:, :, None, None, None]))  # reveal: (feats0, feats1, 1, 1, 1)
        return x


def too_many_dims(x):
    norm = nn.BatchNorm2d(4)
    return norm(x[:, :, :, :, None])  # error: SC107
