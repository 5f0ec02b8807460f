# A model's input whose rank nothing fixes but that reaches a layer taking two ranks (Conv2d takes
# (C, H, W) or (N, C, H, W)) is analysed at the batched rank, the form model code passes, for
# coverage and reveals only (Analysis.guess_rank): what the guess finds is never reported.
import torch
from torch import nn


class ChanNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.g = nn.Parameter(torch.ones(1, dim, 1, 1))

    def forward(self, x):
        # its callers pass what a conv made: their rank reaches it (driver/callsites.py)
        mean = x.mean(dim=1, keepdim=True)
        reveal_shape((x - mean) * self.g)  # reveal: (x0, max(x1, dim), x2, x3)
        return (x - mean) * self.g


class Net(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, dim, 3, padding=1), nn.GELU())
        self.norm = ChanNorm(dim)
        self.pool = nn.MaxPool2d(2)

    def forward(self, img):
        reveal_shape(img)  # reveal: (img0, img1, img2, img3)
        x = self.norm(self.stem(img))
        reveal_shape(x)  # reveal: (img0, dim, img2, img3)
        c, h, w = x.shape  # fails at the guessed rank, runs unbatched: a guess reports nothing
        return x


class Unbatched(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3)

    def forward(self, seq):
        # every call passes (C, L): the calls' rank wins over the guess
        y = self.conv(seq)
        reveal_shape(torch.cat((y, y), dim=1))  # reveal: (dim, seq1*2-4)
        return y


class Pooled(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool3d(2)

    def forward(self, video):
        p = self.pool(video)
        reveal_shape(torch.cat((p, p), dim=1))  # reveal: (video0, video1*2, video2//2, video3//2, video4//2)
        return p


def unbatched_use(dim):
    model = Unbatched(dim)
    return model(torch.zeros(dim, 10)), model(torch.zeros(dim, 12))
