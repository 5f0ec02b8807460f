import numpy as np
from einops import rearrange, repeat

# A pattern is read once per text and its names checked once per (operation, keyword names): each
# use still reports what einops raises there, and the same text with other keywords is checked anew.
x = np.zeros((2, 10, 64))
reveal_shape(rearrange(x, 'b n (h d) -> b h n d', h=8))  # reveal: (2, 8, 10, 8)
reveal_shape(rearrange(x, 'b n (h d) -> b h n d', h=8))  # reveal: (2, 8, 10, 8)
reveal_shape(rearrange(x, 'b n (h d) -> b h n d', d=16))  # reveal: (2, 4, 10, 16)

# an unbalanced pattern: an error at every use
rearrange(x, 'b n (h d -> b h n d', h=8)  # error: SC107
rearrange(x, 'b n (h d -> b h n d', h=8)  # error: SC107

# a name on one side only: an error at every use
rearrange(x, 'b n d -> b d')  # error: SC107
rearrange(x, 'b n d -> b d')  # error: SC107

# repeat's new axis: sized by a keyword here, not there
t = np.zeros((2, 5))
reveal_shape(repeat(t, 'b n -> b n r', r=3))  # reveal: (2, 5, 3)
repeat(t, 'b n -> b n r')  # error: SC107
reveal_shape(repeat(t, 'b n -> b n r', r=4))  # reveal: (2, 5, 4)
