import numpy as np
from einops import einsum, pack, parse_shape, rearrange, reduce, repeat, unpack


def split_heads(x, h):
    b, n, d = x.shape
    out = rearrange(x, 'b n (h d) -> b h n d', h=h)
    reveal_shape(out)  # reveal: (b, h, n, d // h)
    return out


def split_eight(x):
    b, n, d = x.shape
    out = rearrange(x, 'b n (h d) -> b h n d', h=8)
    reveal_shape(out)  # reveal: (b, 8, n, d // 8)
    reveal_shape(rearrange(out, 'b h n d -> b n (h d)'))  # reveal: (b, n, (d // 8) * 8)
    return out


def patches(img, p):
    b, c, hh, ww = img.shape
    out = rearrange(img, 'b c (h p1) (w p2) -> b (h w) (p1 p2 c)', p1=p, p2=p)
    reveal_shape(out)  # reveal: (b, (hh // p) * (ww // p), c * p * p)
    return out


def pooled(x):
    b, n, d = x.shape
    reveal_shape(reduce(x, 'b n d -> b d', 'mean'))  # reveal: (b, d)
    reveal_shape(reduce(x, 'b ... -> b', 'sum'))  # reveal: (b,)
    return x


def with_cls(x, cls):
    b, n, d = x.shape
    tokens = repeat(cls, '1 1 d -> b 1 d', b=b)
    reveal_shape(tokens)  # reveal: (b, 1, cls2)
    packed, ps = pack([tokens[:, 0], x], 'b * d')
    reveal_shape(packed)  # reveal: (b, n + 1, cls2)
    first, rest = unpack(packed, ps, 'b * d')
    reveal_shape(rest)  # reveal: (b, n, cls2)
    return first


def attention(q, k):
    b, i, d = q.shape
    _, j, _ = k.shape
    reveal_shape(einsum(q, k, 'b i d, b j d -> b i j'))  # reveal: (b, i, j)
    return q


def names(img):
    sizes = parse_shape(img, 'b _ h w')
    reveal_shape(sizes['h'])  # reveal: ()
    return sizes


def unknown_input(t, heads):
    # t is not known at all: the pattern still fixes the rank, of the result and of t (the
    # function is analysed again with t of that rank)
    out = rearrange(t, 'b n (h d) -> b h n d', h=heads)
    reveal_shape(out)  # reveal: (t0, heads, t1, t2//heads)
    return out


def wrong_rank(x):
    b, n, d = x.shape
    return rearrange(x, 'b c h w -> b (c h w)')  # error: SC107


reveal_shape(split_eight(np.zeros((2, 10, 64))))  # reveal: (2, 8, 10, 8)
split_eight(np.zeros((2, 10, 60)))  # error: SC110


def ellipsis_of_unknown_rank(t, m, pos):
    # `...` of an input of unknown rank: a right side that takes it whole in a group, or drops it,
    # has a known rank (a fresh dim for the group); one that spreads it out does not
    reveal_shape(rearrange(t, 'b (h d) ... -> b h (...) d', h=8))  # reveal: (b, 8, e, d)
    reveal_shape(reduce(m, 'b ... t s -> b t s', 'mean'))  # reveal: (b, t, s)
    reveal_shape(rearrange(t, 'b ... d -> b d ...'))  # reveal: ?
    return t
