# Spatial transformer pieces and resizing: affine_grid's size, grid_sample at the grid's points
# (2-D and 3-D), interpolate with float scale factors (floor(L * s), as torch computes it).
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpatialTransformer(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(channels, 8, kernel_size=7), nn.MaxPool2d(2), nn.ReLU(),
                                 nn.Conv2d(8, 10, kernel_size=5), nn.MaxPool2d(2), nn.ReLU())
        self.fc_loc = nn.Sequential(nn.Linear(10 * 3 * 3, 32), nn.ReLU(), nn.Linear(32, 3 * 2))

    def forward(self, x):
        xs = self.loc(x)
        xs = xs.view(-1, 10 * 3 * 3)
        theta = self.fc_loc(xs).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, align_corners=False)


stn = SpatialTransformer(1)
reveal_shape(stn(torch.randn(4, 1, 28, 28)))  # reveal: (4, 1, 28, 28)
reveal_shape(F.grid_sample(torch.randn(2, 3, 8, 8), torch.randn(2, 5, 7, 2), align_corners=False))  # reveal: (2, 3, 5, 7)
reveal_shape(F.grid_sample(torch.randn(2, 3, 4, 8, 8), torch.randn(2, 5, 7, 6, 3), align_corners=False))  # reveal: (2, 3, 5, 7, 6)
reveal_shape(F.affine_grid(torch.randn(2, 2, 3), [2, 3, 16, 12], align_corners=False))  # reveal: (2, 16, 12, 2)
reveal_shape(F.affine_grid(torch.randn(2, 3, 4), (2, 3, 5, 16, 12), align_corners=False))  # reveal: (2, 5, 16, 12, 3)
reveal_shape(F.interpolate(torch.randn(1, 3, 8, 9), scale_factor=0.5))  # reveal: (1, 3, 4, 4)
reveal_shape(F.interpolate(torch.randn(1, 3, 8, 9), scale_factor=(2, 0.25)))  # reveal: (1, 3, 16, 2)
reveal_shape(F.interpolate(torch.randn(1, 3, 8, 9), scale_factor=1.5, mode="bilinear"))  # reveal: (1, 3, 12, 13)
reveal_shape(F.interpolate(torch.randn(1, 3, 10), scale_factor=0.3))  # reveal: (1, 3, 3)
reveal_shape(nn.Upsample(scale_factor=2.0)(torch.randn(2, 4, 5, 5)))  # reveal: (2, 4, 10, 10)


def half(x: torch.Tensor):
    return F.interpolate(x, scale_factor=0.5)


reveal_shape(half(torch.randn(2, 4, 7, 6)))  # reveal: (2, 4, 3, 3)
wrong_batch = F.grid_sample(torch.randn(2, 3, 8, 8), torch.randn(3, 5, 7, 2), align_corners=False)  # error: SC102
wrong_coords = F.grid_sample(torch.randn(2, 3, 8, 8), torch.randn(2, 5, 7, 3), align_corners=False)  # error: SC102
wrong_theta = F.affine_grid(torch.randn(2, 3, 4), [2, 3, 16, 12], align_corners=False)  # error: SC102
