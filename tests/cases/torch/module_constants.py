# torch's module-level floats are Python floats (torch/__init__.py: ``from math import e, inf, nan,
# pi``): ``bias.clamp(-2. * pi, 0.)`` keeps bias's shape (vit-pytorch's vit_nd_pope).
import torch
from torch import pi

bias = torch.zeros(4, 8)
reveal_shape(bias.clamp(-2. * pi, 0.))  # reveal: (4, 8)
reveal_shape(bias * torch.e + torch.inf)  # reveal: (4, 8)
reveal_shape(torch.full((2,), torch.nan))  # reveal: (2,)
reveal_shape(bias.masked_fill(bias > 0, -torch.inf))  # reveal: (4, 8)
