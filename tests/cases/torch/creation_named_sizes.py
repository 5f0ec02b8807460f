# ``torch.zeros(n, d)`` with sizes the code names: each size is the dim of its own name (not two
# made-up dims printed alike), in a function and in a constructor's layers.
import torch
from torch import nn


def grid(n: int, d: int):
    reveal_shape(torch.zeros(n, d))  # reveal: (n, d)
    reveal_shape(torch.randn(n, 2, d))  # reveal: (n, 2, d)


class Bias(nn.Module):
    def __init__(self, heads, dim_head):
        super().__init__()
        self.learned_bias = nn.Parameter(torch.zeros(heads, dim_head))

    def forward(self):
        bias = self.learned_bias.clamp(-1.0, 0.0)
        reveal_shape(bias)  # reveal: (heads, dim_head)
        return bias
