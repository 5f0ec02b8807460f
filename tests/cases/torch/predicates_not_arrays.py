# torch._assert (Python's assert as a traceable call: it returns None) and
# torch.is_autocast_enabled() (a bool) are no arrays: neither is an array call without a rule
# (--statistics), and the code around them keeps its shapes.
import torch
from torch import nn


class Patch(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 96, 4, stride=4)

    def forward(self, x):
        B, C, H, W = x.shape
        torch._assert(H % 4 == 0, "height must divide by the patch")
        checked = torch._assert(W % 4 == 0, "width")
        first = x[:, 0] if checked is None else x   # None: the first branch alone
        reveal_shape(first)  # reveal: (B, H, W)
        if torch.is_autocast_enabled():
            x = x.float()
        reveal_shape(torch.is_autocast_enabled())  # reveal: ()
        return self.proj(x)
