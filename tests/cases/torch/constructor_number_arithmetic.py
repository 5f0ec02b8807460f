# Arithmetic on a constructor's numbers that gives a number whatever they are: a true division or a
# negative power is a float (``torch.tensor(dim_head ** -0.5)`` is 0-d: vit-pytorch's
# vit_for_small_dataset LSA temperature), ``int()`` of one is an int (``torch.ones(int(dim_inner * 2 / 3))``
# is 1-d: normalized_vit's FeedForward scales). An int power stays an int (``2 ** depth`` sizes).
import torch
from torch import nn


class LSA(nn.Module):
    def __init__(self, dim, dim_head=64, dim_inner=4, depth=2):
        super().__init__()
        self.temperature = nn.Parameter(torch.log(torch.tensor(dim_head ** -0.5)))
        reveal_shape(self.temperature)  # reveal: ()
        dim_inner = int(dim_inner * 2 / 3)
        self.hidden_scale = nn.Parameter(torch.ones(dim_inner))
        reveal_shape(torch.zeros(2 ** depth, 3))  # reveal: (d, 3)

    def forward(self, x):
        b, n, d = x.shape
        reveal_shape(x * self.temperature.exp())  # reveal: (b, n, d)
        reveal_shape(self.hidden_scale)  # reveal: (k,)
        return x * self.temperature.exp()


LSA(16)(torch.zeros(2, 3, 4))
