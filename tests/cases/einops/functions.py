import numpy as np
from einops import einsum, pack, parse_shape, rearrange, reduce, repeat, unpack

# rearrange: compositions split by a given length, merged on the right
x = np.zeros((2, 10, 64))
heads = rearrange(x, 'b n (h d) -> b h n d', h=8)
reveal_shape(heads)  # reveal: (2, 8, 10, 8)
merged = rearrange(heads, 'b h n d -> b n (h d)')
reveal_shape(merged)  # reveal: (2, 10, 64)
reveal_shape(rearrange(x, 'b n d -> d b n'))  # reveal: (64, 2, 10)
reveal_shape(rearrange(x, 'b n (h d) -> (b h) n d', d=16))  # reveal: (8, 10, 16)

# patches: two compositions on the left, one on the right
img = np.zeros((2, 3, 32, 48))
patches = rearrange(img, 'b c (h p1) (w p2) -> b (h w) (p1 p2 c)', p1=8, p2=16)
reveal_shape(patches)  # reveal: (2, 12, 384)

# ellipsis, unit axes, empty groups
reveal_shape(rearrange(img, 'b ... -> b (...)'))  # reveal: (2, 4608)
reveal_shape(rearrange(img, 'b ... w -> w b ...'))  # reveal: (48, 2, 3, 32)
reveal_shape(rearrange(x, 'b n d -> b 1 n d'))  # reveal: (2, 1, 10, 64)
reveal_shape(rearrange(np.zeros((2, 1, 5)), 'b 1 d -> b d'))  # reveal: (2, 5)
reveal_shape(rearrange(np.zeros((2, 1, 5)), 'b () d -> b d ()'))  # reveal: (2, 5, 1)

# a list of arrays is stacked first
reveal_shape(rearrange([np.zeros((3, 4)), np.zeros((3, 4))], 'n h w -> h (n w)'))  # reveal: (3, 8)

# reduce drops the axes the right side leaves out
reveal_shape(reduce(x, 'b n d -> b d', 'mean'))  # reveal: (2, 64)
reveal_shape(reduce(img, 'b c (h 2) (w 2) -> b c h w', 'max'))  # reveal: (2, 3, 16, 24)
reveal_shape(reduce(img, 'b c h w -> b c () ()', 'sum'))  # reveal: (2, 3, 1, 1)
reveal_shape(reduce(img, 'b c h w -> c', np.min))  # reveal: (3,)
reveal_shape(reduce(img, 'b ... -> b', 'prod'))  # reveal: (2,)

# repeat adds the axes the left side lacks
token = np.zeros((1, 1, 64))
reveal_shape(repeat(token, '1 1 d -> b 1 d', b=4))  # reveal: (4, 1, 64)
reveal_shape(repeat(token, '() n d -> b n d', b=3))  # reveal: (3, 1, 64)
reveal_shape(repeat(np.zeros((5, 7)), 'h w -> h (w 2)'))  # reveal: (5, 14)
reveal_shape(repeat(np.zeros((5, 7)), 'h w -> (r h) w c', r=2, c=3))  # reveal: (10, 7, 3)

# pack and unpack along '*'
cls = np.zeros((2, 64))
tokens = np.zeros((2, 10, 64))
packed, ps = pack([cls, tokens], 'b * d')
reveal_shape(packed)  # reveal: (2, 11, 64)
first, rest = unpack(packed, ps, 'b * d')
reveal_shape(first)  # reveal: (2, 64)
reveal_shape(rest)  # reveal: (2, 10, 64)
grid, grid_ps = pack([np.zeros((2, 4, 5, 8))], 'b * d')
reveal_shape(grid)  # reveal: (2, 20, 8)
reveal_shape(unpack(grid, grid_ps, 'b * d')[0])  # reveal: (2, 4, 5, 8)
reveal_shape(unpack(np.zeros((2, 6, 8)), [(2,), (2, 2)], 'b * d')[1])  # reveal: (2, 2, 2, 8)

# einsum: operands first, the pattern last, names are words
q = np.zeros((2, 10, 16))
k = np.zeros((2, 12, 16))
reveal_shape(einsum(q, k, 'batch i d, batch j d -> batch i j'))  # reveal: (2, 10, 12)
reveal_shape(einsum(q, 'b i d -> b d'))  # reveal: (2, 16)
reveal_shape(einsum(np.zeros((3, 5, 4)), np.zeros((4, 6)), '... d, d e -> ... e'))  # reveal: (3, 5, 6)

# parse_shape names dims; '_' skips one
sizes = parse_shape(img, 'b _ h w')
reveal_shape(rearrange(img, 'b c h w -> b (c h w)', **sizes))  # reveal: (2, 4608)

# errors: the rank, a composition that does not divide, a length that disagrees
rearrange(x, 'b c h w -> b (c h w)')  # error: SC107
rearrange(x, 'b n (h d) -> b h n d', h=6)  # error: SC103
rearrange(img, 'b c (h p1) (w p2) -> b (h w) (p1 p2 c)', p1=5, p2=16)  # error: SC103
rearrange(x, 'b n d -> b n d', n=11)  # error: SC103
rearrange(x, 'b n d -> b d')  # error: SC107
repeat(token, '1 1 d -> b 1 d')  # error: SC107
reduce(np.zeros((2, 3, 4)), 'a ... -> a', 'mean')
pack([cls, np.zeros((3, 10, 64))], 'b * d')  # error: SC106
unpack(np.zeros((2, 7, 8)), [(2,), (2, 2)], 'b * d')  # error: SC103
einsum(q, np.zeros((2, 12, 8)), 'b i d, b j d -> b i j')  # error: SC102
parse_shape(img, 'b c h')  # error: SC107
