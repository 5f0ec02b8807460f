# Two constructor numbers combined make a number (``self.rp / (1 - self.p)``), which meets an
# array as a number: vit-pytorch's mpp.py passes it to ``prob_mask_like(input, prob)``, whose
# ``torch.zeros((batch, seq_length)) < prob`` then keeps the (batch, seq_length) shape.
import torch
from torch import nn


def prob_mask_like(t, prob):
    batch, seq_length, _ = t.shape
    return torch.zeros((batch, seq_length)).float().uniform_(0, 1) < prob


class MPP(nn.Module):
    def __init__(self, replace_prob=0.5, random_patch_prob=0.5):
        super().__init__()
        self.replace_prob = replace_prob
        self.random_patch_prob = random_patch_prob

    def forward(self, x):
        b, n, d = x.shape
        if self.random_patch_prob > 0:
            sampling_prob = self.random_patch_prob / (1 - self.replace_prob)
            reveal_shape(prob_mask_like(x, sampling_prob))  # reveal: (b, n)
        reveal_shape(torch.rand(b, n) < self.random_patch_prob * self.replace_prob)  # reveal: (b, n)
        return prob_mask_like(x, self.replace_prob)


MPP()(torch.zeros(2, 5, 3))
