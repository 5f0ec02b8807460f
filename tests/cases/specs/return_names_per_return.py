# A name only the return annotation binds is bound by each ``return`` for itself: each ``return`` ends
# its own run of the function (jaxtyping checks one call at a time). physicsnemo's mesh primitives
# return ``torch.empty(0, 3)`` when there is nothing to triangulate and ``(n_rings*n_angular*2, 3)``
# after, under one ``-> Int[Tensor, "n_triangles 3"]``: a false SC202. Names a parameter binds still tie.
import torch
from jaxtyping import Float, Int


def triangulate(n_rings: int, n_angular: int) -> Int[torch.Tensor, "n_triangles 3"]:
    if n_rings == 0:
        return torch.empty(0, 3, dtype=torch.int64)
    i = torch.arange(n_rings * n_angular * 2)
    return torch.stack([i, i, i], dim=-1)


def scaled(x: Float[torch.Tensor, "n d"], flat: bool) -> Float[torch.Tensor, "n d"]:
    if flat:
        return x * 2
    return x.sum(0)  # error: SC202


def padded(x: Float[torch.Tensor, "n"]) -> Float[torch.Tensor, "m"]:
    if x.shape[0] > 4:
        return x[:4]
    return torch.cat([x, torch.zeros(1)])


reveal_shape(triangulate(2, 3))  # reveal: (12, 3)
