# Rows for ops the never-seen models call in forward (fair-esm's torch.cross, imagen's
# nn.PixelShuffle, audiolm's view_as_real / view_as_complex), each checked against PyTorch here.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(2, 8, 3, 5)
reveal_shape(nn.PixelShuffle(2)(x))  # reveal: (2, 2, 6, 10)
reveal_shape(nn.PixelUnshuffle(2)(torch.randn(1, 3, 6, 10)))  # reveal: (1, 12, 3, 5)
reveal_shape(F.pixel_shuffle(torch.randn(18, 4, 5), 3))  # reveal: (2, 12, 15)
reveal_shape(F.pixel_unshuffle(x[:, :2], downscale_factor=1))  # reveal: (2, 2, 3, 5)
reveal_shape(nn.Sequential(nn.Conv2d(8, 32, 3, padding=1), nn.PixelShuffle(2))(x))  # reveal: (2, 8, 6, 10)

v = torch.randn(4, 3)
reveal_shape(torch.cross(v, torch.randn(1, 3), dim=1))  # reveal: (4, 3)
reveal_shape(torch.linalg.cross(torch.randn(2, 1, 3), torch.randn(1, 5, 3)))  # reveal: (2, 5, 3)

spec = torch.view_as_complex(torch.randn(4, 5, 2))
reveal_shape(spec)  # reveal: (4, 5)
reveal_shape(torch.view_as_real(spec))  # reveal: (4, 5, 2)
torch.view_as_complex(torch.randn(4, 5, 3))  # error: SC102
