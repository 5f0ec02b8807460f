# Transposed convolutions as functions (the weight is (C_in, C_out / groups, *k): the layer's formula
# built from it) and max unpooling, as a layer and a function: the pooled sizes grown back by
# (L - 1) * stride - 2 * padding + kernel_size, or output_size where given.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(2, 8, 10, 10)
w = torch.randn(8, 4, 3, 3)
reveal_shape(F.conv_transpose2d(x, w, stride=2, padding=1, output_padding=1))  # reveal: (2, 4, 20, 20)
reveal_shape(F.conv_transpose2d(x, torch.randn(8, 2, 4, 4), groups=2, dilation=2))  # reveal: (2, 4, 16, 16)
reveal_shape(F.conv_transpose1d(torch.randn(2, 8, 10), torch.randn(8, 4, 5), stride=3))  # reveal: (2, 4, 32)
reveal_shape(F.conv_transpose3d(torch.randn(1, 8, 4, 4, 4), torch.randn(8, 2, 2, 2, 2), stride=2))  # reveal: (1, 2, 8, 8, 8)
reveal_shape(F.conv_transpose2d(torch.randn(8, 6, 6), w))  # reveal: (4, 8, 8)
pooled, idx = F.max_pool2d(x, 2, return_indices=True)
reveal_shape(F.max_unpool2d(pooled, idx, 2))  # reveal: (2, 8, 10, 10)
p9, i9 = F.max_pool2d(torch.randn(2, 8, 9, 9), 3, stride=2, padding=1, return_indices=True)
reveal_shape(F.max_unpool2d(p9, i9, kernel_size=3, stride=2, padding=1))  # reveal: (2, 8, 9, 9)
p7, i7 = F.max_pool2d(torch.randn(1, 3, 7, 7), 2, return_indices=True)
reveal_shape(F.max_unpool2d(p7, i7, 2, output_size=(7, 7)))  # reveal: (1, 3, 7, 7)
p1, i1 = nn.MaxPool1d(2, return_indices=True)(torch.randn(3, 4, 16))
reveal_shape(nn.MaxUnpool1d(2)(p1, i1))  # reveal: (3, 4, 16)
reveal_shape(F.max_unpool1d(p1, i1, 2, output_size=(16,)))  # reveal: (3, 4, 16)
pool = nn.MaxPool2d(2, stride=2, return_indices=True)
unpool = nn.MaxUnpool2d(2, stride=2)
out, ind = pool(torch.randn(1, 1, 5, 5))
reveal_shape(unpool(out, ind, output_size=torch.Size([1, 1, 5, 5])))  # reveal: (1, 1, 5, 5)
out4, ind4 = pool(torch.randn(1, 1, 4, 4))
reveal_shape(unpool(out4, ind4))  # reveal: (1, 1, 4, 4)
p3, i3 = F.max_pool3d(torch.randn(1, 2, 4, 4, 4), 2, return_indices=True)
reveal_shape(nn.MaxUnpool3d(2)(p3, i3))  # reveal: (1, 2, 4, 4, 4)
reveal_shape(F.max_unpool3d(p3, i3, 2))  # reveal: (1, 2, 4, 4, 4)
F.conv_transpose2d(torch.randn(2, 6, 10, 10), w)  # error: SC102
