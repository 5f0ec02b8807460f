from einops import rearrange


def f(x):
    # the op fixes x's rank: this f runs only on arrays of 3 dims
    return rearrange(x, 'b n d -> b (n d)')
