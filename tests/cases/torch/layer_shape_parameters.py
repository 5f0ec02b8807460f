# A layer's argument that may be a whole shape (LayerNorm's normalized_shape) is no single size when
# it is known only by name; a transposed convolution's bias is a tensor, not the bias=True it was built with
import numpy as np
import torch
from torch import nn


class Norm(nn.Module):
    def __init__(self, feat_dims):
        super().__init__()
        self.layer1 = nn.LayerNorm(normalized_shape=feat_dims)

    def grads(self):
        b = self.layer1.bias.detach().numpy()
        return np.moveaxis(b, [0, 1, 2], [-1, -3, -2])


class Deconv(nn.Module):
    def __init__(self, cin, cout, b):
        super().__init__()
        self.layer1 = nn.ConvTranspose2d(cin, cout, 3, bias=True)
        assert self.layer1.bias.shape == b.flatten().shape


reveal_shape(Norm([3, 4, 5]).grads())  # reveal: (4, 5, 3)
reveal_shape(nn.ConvTranspose2d(6, 4, (3, 5), groups=2).weight)  # reveal: (6, 2, 3, 5)
reveal_shape(Deconv(2, 4, np.ones((1, 4))).layer1.bias)  # reveal: (4,)
bad = Deconv(2, 4, np.ones((1, 5)))  # error: SC110
