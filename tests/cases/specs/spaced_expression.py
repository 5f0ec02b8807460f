# jaxtyping separates dims by spaces: "M + 1" is three dims ("M", "+", "1"), not the one dim "M+1".
# physicsnemo annotates a CSR row-split vector so; the SC202 says why the 1-d value does not fit.
import torch
from jaxtyping import Int


def row_splits(counts: Int[torch.Tensor, "M"]) -> Int[torch.Tensor, "M + 1"]:
    return torch.cat([torch.zeros(1, dtype=torch.int64), counts.cumsum(0)])  # error: SC202


def row_splits_one_dim(counts: Int[torch.Tensor, "M"]) -> Int[torch.Tensor, "M+1"]:
    return torch.cat([torch.zeros(1, dtype=torch.int64), counts.cumsum(0)])
