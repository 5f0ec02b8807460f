# Every lambda of a scope is called <lambda>, yet each is its own function: what an op of the
# first learns about its parameter x (3 dims) says nothing of the second's x.
import numpy as np
from einops import rearrange

flatten = lambda x: rearrange(x, 'b n d -> b (n d)')
same = lambda x: x


def g(v):
    reveal_shape(same(v))  # reveal: unknown


def h(w):
    reveal_shape(flatten(w))  # reveal: (w0, w1*w2)
