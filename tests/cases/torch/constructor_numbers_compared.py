# A constructor's parameter is a number where it meets an array, in a comparison as in arithmetic:
# ``noise > self.prob`` is elementwise, the noise's shape (max_vit's Dropsample).
import torch
from torch import nn


class Dropsample(nn.Module):
    def __init__(self, prob=0):
        super().__init__()
        self.prob = prob

    def forward(self, x):
        b, c, h, w = x.shape
        keep = torch.rand(b, 1, 1, 1) > self.prob
        reveal_shape(keep)  # reveal: (b, 1, 1, 1)
        reveal_shape(x * keep / (1 - self.prob))  # reveal: (b, c, h, w)
        return x * keep / (1 - self.prob)
