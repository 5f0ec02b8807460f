# A constructor's parameter named as one size (``dim``, ``dim_head``, ``num_features``) given alone
# as a shape is that one dim: ``nn.Parameter(torch.ones(dim))`` is ``(dim,)`` (222 such calls in the
# corpora: x-transformers' DynamicTanh, vit-pytorch's normalized_vit). A name a shape goes by
# (``shape``, ``img_size``) may be a whole shape, its rank unknown.
import torch
from torch import nn


class DynamicTanh(nn.Module):
    def __init__(self, dim, shape, img_size, init_alpha=1.0):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(dim))
        self.beta = nn.Parameter(torch.zeros(dim))
        self.dim_head = dim
        reveal_shape(torch.randn(self.dim_head))  # reveal: (dim_head,)
        reveal_shape(torch.ones(shape))  # reveal: ?
        reveal_shape(torch.zeros(img_size))  # reveal: ?
        self.gamma_offset = float(init_alpha)

    def forward(self, x):
        gamma = self.gamma + self.gamma_offset
        reveal_shape(gamma)  # reveal: (dim,)
        return x.tanh() * gamma + self.beta


class Norm(nn.Module):
    def __init__(self, num_features):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(num_features))

    def forward(self, x):
        b, n, d = x.shape
        reveal_shape(self.weight)  # reveal: (num_features,)
        return x * self.weight


DynamicTanh(4, (2, 3), 8)(torch.zeros(2, 4))
Norm(4)(torch.zeros(2, 3, 4))
