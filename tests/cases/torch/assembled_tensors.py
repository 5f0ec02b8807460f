# Tensors whose sizes come from other tensors' sizes: diag_embed, block_diag, cartesian_prod and
# combinations (with a symbolic n: n (n - 1) / 2 pairs), and what torch refuses of them.
import torch

reveal_shape(torch.diag_embed(torch.randn(3, 4)))  # reveal: (3, 4, 4)
reveal_shape(torch.diag_embed(torch.randn(2, 3, 4), offset=1, dim1=0, dim2=2))  # reveal: (5, 2, 5, 3)
reveal_shape(torch.randn(2, 5).diag_embed(-2))  # reveal: (2, 7, 7)
reveal_shape(torch.block_diag(torch.randn(2, 3), torch.randn(4, 1), torch.randn(5), torch.tensor(1.0)))  # reveal: (8, 10)
reveal_shape(torch.cartesian_prod(torch.arange(3), torch.arange(4), torch.arange(2)))  # reveal: (24, 3)
reveal_shape(torch.cartesian_prod(torch.arange(3)))  # reveal: (3,)
reveal_shape(torch.combinations(torch.arange(5)))  # reveal: (10, 2)
reveal_shape(torch.combinations(torch.arange(6), r=3, with_replacement=True))  # reveal: (56, 3)
reveal_shape(torch.combinations(torch.arange(5), r=0))  # reveal: (0,)
reveal_shape(torch.combinations(torch.arange(2), r=3))  # reveal: (0, 3)


def pairs(x: torch.Tensor):
    return torch.combinations(x)


reveal_shape(pairs(torch.arange(7)))  # reveal: (21, 2)
bad = torch.block_diag(torch.randn(2, 3), torch.randn(2, 2, 2))  # error: SC107
grid = torch.cartesian_prod(torch.randn(2, 2), torch.arange(3))  # error: SC107
same = torch.diag_embed(torch.randn(3, 4), dim1=1, dim2=-2)  # error: SC104
negative = torch.combinations(torch.arange(4), r=-1)  # error: SC107
