# shapecheck-options: strict
# Two selections by one boolean mask take the same number of elements: ``a[m] = b[m]`` assigns as
# many rows as it selects (vit-pytorch's mpp.py: ``masked_input[mask] = randomized_input[mask]``).
# Each selection used to get a count of its own, so --strict asked whether k == k'. Two masks of one
# shape still count apart.
import torch


def mask_patches(x):
    b, n, d = x.shape
    mask = torch.rand(b, n) < 0.5
    picked = torch.randint(0, n, (b, n))
    shuffled = x[torch.arange(b).unsqueeze(-1), picked]
    reveal_shape(shuffled)  # reveal: (b, n, d)
    out = x.clone()
    out[mask] = shuffled[mask]
    reveal_shape(x[mask])  # reveal: (k, d)
    other = torch.rand(b, n) > 0.5
    both = torch.cat([x[mask], x[other]])
    reveal_shape(both)  # reveal: (k+k', d)
    return out


mask_patches(torch.zeros(2, 5, 3))
