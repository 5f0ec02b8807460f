"""A layer's attributes as torch keeps them: a convolution's kernel_size, stride, padding and dilation
are tuples (torch's ``_pair``), given as ints or not given at all (timm's ``Conv2dSame.forward`` reads
``self.stride[0]``); a LayerNorm's normalized_shape is a tuple."""
import torch
from torch import nn

c = nn.Conv2d(3, 8, 3)
reveal_shape(torch.zeros(c.kernel_size[0], c.stride[1], c.padding[0], c.dilation[1], c.groups))  # reveal: (3, 1, 0, 1, 1)
d = nn.Conv2d(3, 8, (3, 5), stride=2, padding="same", dilation=[1, 2])
reveal_shape(torch.zeros(d.kernel_size[1], d.stride[0], d.dilation[1]))  # reveal: (5, 2, 2)
reveal_shape(torch.zeros(len(d.stride), len(nn.Conv3d(3, 8, 3).kernel_size)))  # reveal: (2, 3)
ln = nn.LayerNorm(8)
reveal_shape(torch.zeros(ln.normalized_shape))  # reveal: (8,)
reveal_shape(torch.zeros(nn.LayerNorm([4, 8]).normalized_shape))  # reveal: (4, 8)
t = nn.ConvTranspose1d(3, 8, 4)
reveal_shape(torch.zeros(t.output_padding[0] + 1, t.kernel_size[0]))  # reveal: (1, 4)
