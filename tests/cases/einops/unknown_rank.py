"""An einops pattern is a spec: a pattern with `...` keeps the dims it does not name as the input's
own (a parameter's middle gives up the dims the pattern names at its ends), and one without fixes
the input's rank (issue 10, item 3)."""
import torch
from einops import einsum, rearrange, repeat


def spread(x):
    reveal_shape(rearrange(x, '... n d -> ... 1 n d'))  # reveal: (*x[:-2], 1, x.shape[-2], x.shape[-1])
    reveal_shape(rearrange(x, '... (h d) -> ... h d', h=4))  # reveal: (*x[:-1], 4, x.shape[-1]//4)
    reveal_shape(rearrange(x, '(b t) ... -> b t ...', t=4))  # reveal: (x.shape[0]//4, 4, *x[1:])
    reveal_shape(repeat(x, 'b ... -> (b s) ...', s=3))  # reveal: (x.shape[0]*3, *x[1:])
    reveal_shape(rearrange(x, 'b ... d -> b d ...'))  # reveal: (...)
    return x


def heads_of_one(x):
    y = x.unsqueeze(-1)
    return rearrange(y, '... (h d) -> ... h d', h=4)  # error: SC103


def named(q, k):
    # each pattern names every dim: q and k have 3, and the function is analysed at that rank
    sim = einsum(q, k, 'b i d, b j d -> b i j')
    reveal_shape(sim)  # reveal: (q0, q1, k1)
    return sim


def too_many(x):
    y = x[None, None, None, None]
    return einsum(y, y, 'b i d, b j d -> b i j')  # error: SC107
