# ``torch.cat``, ``torch.stack``, ``torch.einsum`` and the like are functions only: ``torch.Tensor`` has no
# method of their names, so ``a.cat(b)`` on a tensor-like value is some other library's method (tinygrad's
# ``Tensor.cat(self, *args, dim=0)`` joins ``a`` and ``b``), not ``torch.cat(a, b)`` with ``a`` read as the
# sequence of tensors. Read so, tinygrad's ``permute[0].reshape(1).cat(rest)`` was a false SC106 (a 0-d
# tensor cannot be concatenated). The methods torch's tensors do have keep their rules.
import torch


def round_robin(n: int):
    permute = torch.arange(n // 2)
    rest = (permute[1:] - 2) % (n - 1) + 1
    return permute[0].reshape(1).cat(rest)


def pairs(n: int):
    permute = torch.arange(2 * n)
    return permute.stack(permute)


reveal_shape(round_robin(8))  # reveal: ?
reveal_shape(pairs(3))  # reveal: ?
reveal_shape(torch.arange(6).chunk(2)[0])  # reveal: (3,)
