"""expand(*sizes) and repeat(*sizes) name every dim of their result: its rank is known even when x's
is not (x's dims line up from the end, and -1 keeps one of them); expand_as is the other's shape."""
import torch


def expanded(x, t):
    reveal_shape(x.expand(3, -1, -1))  # reveal: (3, x.shape[-2], x.shape[-1])
    reveal_shape(x.unsqueeze(-1).expand(-1, -1, 5))  # reveal: (x.shape[-2], x.shape[-1], 5)
    reveal_shape(x.expand_as(t))  # reveal: (*t)
    reveal_shape(x.sum(dim=-1, keepdim=True).repeat(2, 1, 4))  # reveal: (d, d', 4)
    return x


def too_few(x):
    y = x[None, None, None]
    return y.repeat(2, 2)  # error: SC107


def cls_tokens(cls, x):
    b, _ = x.shape
    n, d = cls.shape
    reveal_shape(cls.expand(b, -1, -1))  # reveal: (b, n, d)
    return cls


def resized(x):
    # one size per spatial dim: x is (N, C, H, W), and the function is analysed at that rank
    y = torch.nn.functional.interpolate(x, size=(8, 8))
    reveal_shape(y)  # reveal: (x0, x1, 8, 8)
    return y


def rescaled(x):
    reveal_shape(torch.nn.functional.interpolate(x, scale_factor=2))  # reveal: (...)
    return x


def expanded_unknown(data, position_ids):
    # a tensor nothing names a dim of (made from data of unknown shape): -1 keeps a dim the result
    # still has, its rank the sizes' (transformers' rotary embedding expands its inv_freq so)
    inv_freq = torch.as_tensor(data).float()
    reveal_shape(inv_freq[None, :, None].expand(position_ids.shape[0], -1, 1))  # reveal: (position_ids.shape[0], d, 1)
    return inv_freq


def expanded_parameter(inv_freq, position_ids):
    # x[None, :, None] has three dims and then x's others: expanded to three sizes, x has no others,
    # and -1 keeps x's first
    reveal_shape(inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1))  # reveal: (position_ids.shape[0], inv_freq.shape[0], 1)
    return inv_freq
