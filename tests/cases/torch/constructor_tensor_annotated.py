# A constructor's parameter is taken for a number where it meets an array (``dots * self.scale``), unless its
# annotation names an array: zuko 1.6.0's ``MonotonicRQSTransform.__init__(self, widths: Tensor, heights:
# Tensor, derivatives: Tensor, bound: float = 5.0, slope: float = 1e-3)`` pads ``F.softmax(widths, dim=-1)``
# with ``(1, 0)``; taken for numbers, the three pads were false SC107 ("padding length 2 is too large for
# F.softmax(widths, dim=-1) is ()").
import math

import torch
import torch.nn.functional as F
from torch import Tensor


class Spline:
    def __init__(self, widths: Tensor, heights: Tensor, bound: float = 5.0, slope: float = 1e-3):
        widths = widths / (1 + abs(2 * widths / math.log(slope)))
        widths = F.pad(F.softmax(widths, dim=-1), (1, 0), value=0)
        heights = F.pad(F.softmax(heights, dim=-1), (1, 0), value=0)
        self.horizontal = bound * (2 * torch.cumsum(widths, dim=-1) - 1)
        self.vertical = bound * (2 * torch.cumsum(heights, dim=-1) - 1)


spline = Spline(torch.randn(3, 8), torch.randn(3, 8))
reveal_shape(spline.horizontal)  # reveal: (3, 9)
