# nn.Unfold / F.unfold (im2col) and nn.Fold / F.fold (col2im): (N, C, H, W) <-> (N, C*kh*kw, L), L the
# number of sliding blocks (each spatial dim's count by the convolution formula, multiplied)
import torch
import torch.nn.functional as F
from torch import nn

x = torch.ones(2, 3, 8, 10)
reveal_shape(nn.Unfold(kernel_size=3)(x))  # reveal: (2, 27, 48)
reveal_shape(F.unfold(x, (2, 3), stride=2, padding=1))  # reveal: (2, 18, 25)
reveal_shape(F.unfold(torch.ones(3, 8, 10), 2, stride=2))  # reveal: (12, 20)
cols = torch.ones(2, 3 * 4, 20)
reveal_shape(F.fold(cols, (8, 10), 2, stride=2))  # reveal: (2, 3, 8, 10)
reveal_shape(nn.Fold(output_size=(8, 10), kernel_size=2, stride=2)(cols))  # reveal: (2, 3, 8, 10)
reveal_shape(F.gumbel_softmax(torch.ones(4, 7), tau=0.5, dim=1, hard=True))  # reveal: (4, 7)
bad = F.fold(cols, (8, 8), 2, stride=2)  # error: SC102
bad2 = F.fold(torch.ones(2, 13, 20), (8, 10), 2, stride=2)  # error: SC107
bad3 = F.unfold(x, 9)  # error: SC107


def patches(img):
    b, c, h, w = img.shape
    reveal_shape(F.unfold(img, 4, stride=4))  # reveal: (b, c*16, ((h-4)//4+1)*((w-4)//4+1))
    return img


# Tensor.unfold(dimension, size, step) is another op: windows along one dim, their size a new last dim
t = torch.ones(2, 3, 10, 7)
reveal_shape(t.unfold(2, 3, 1))  # reveal: (2, 3, 8, 7, 3)
reveal_shape(t.unfold(2, 3, 2).unfold(3, 2, 2))  # reveal: (2, 3, 4, 3, 3, 2)
reveal_shape(torch.arange(10).unfold(0, 4, 3))  # reveal: (3, 4)
bad4 = t.unfold(3, 8, 1)  # error: SC107


def local_windows(x, lt: int, lh: int):
    b, c, n, h, w = x.shape
    reveal_shape(x.unfold(2, lt, 1).unfold(3, lh, 1))  # reveal: (b, c, n-lt+1, h-lh+1, w, lt, lh)
    return x
