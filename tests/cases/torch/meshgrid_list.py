# torch.meshgrid of a list of tensors gives one grid per tensor; a list of unknown length is not one
# tensor to grid (that gave a 1-D grid of size rank*3 and a false SC110 at a conv3d taking its shape).
import torch


def binary_structure(rank: int):
    grids = torch.meshgrid([torch.arange(3) for _ in range(rank)], indexing="ij")
    return torch.stack(grids, dim=0).abs().sum(dim=0) <= 1


def unfold3d(x, kernel):
    weight = torch.eye(27).reshape(27, 1, *kernel.shape)
    return torch.nn.functional.conv3d(x, weight)


reveal_shape(torch.meshgrid([torch.arange(3), torch.arange(4)], indexing="ij")[0])  # reveal: (3, 4)
reveal_shape(binary_structure(3))  # reveal: (3, 3, 3)


def erode(image, rank):
    return unfold3d(image, binary_structure(rank))
