# torch.diag(input, diagonal=k) by torch's keyword: a vector on the k-th diagonal of an (n+|k|)-square
# matrix (e3nn's su2_generators stacked three such matrices: a false SC110 when the keyword was lost).
import torch

j = 3
m = torch.arange(-j, j)
reveal_shape(torch.diag(torch.sqrt(j * (j + 1) - m * (m + 1)), diagonal=-1))  # reveal: (7, 7)
reveal_shape(torch.diag(torch.ones(4, 5), diagonal=2))  # reveal: (3,)
reveal_shape(torch.ones(4).diag(diagonal=1))  # reveal: (5, 5)
reveal_shape(torch.ones(4).diag(1))  # reveal: (5, 5)


def su2_generators(j: int) -> torch.Tensor:
    m = torch.arange(-j, j)
    raising = torch.diag(-torch.sqrt(j * (j + 1) - m * (m + 1)), diagonal=-1)
    m = torch.arange(-j + 1, j + 1)
    lowering = torch.diag(torch.sqrt(j * (j + 1) - m * (m - 1)), diagonal=1)
    m = torch.arange(-j, j + 1)
    return torch.stack([0.5 * (raising + lowering), torch.diag(m * 2.0), -0.5 * (raising - lowering)], dim=0)


reveal_shape(torch.cat([su2_generators(l).flatten(-2) for l in range(4)], dim=-1))  # reveal: (3, 84)
