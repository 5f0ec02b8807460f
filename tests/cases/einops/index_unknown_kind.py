# An index array whose dtype is not known may be a mask (using as many axes as it has, putting one
# dim of a count not known) or integers (using one axis, putting its own dims): a 2-D one leaves the
# result's rank unknown, a 1-D one puts one dim of unknown size. Before, it was taken for integers:
# data[mask] of a (c, n, d) array and a (c, n) mask of unknown kind was 4-D (a false SC107 below).
import numpy as np
from einops import rearrange


def take_masked(data, mask):
    b, n, d = data.shape
    c, m = mask.shape
    reveal_shape(data[mask[0]])  # reveal: (k, n, d)
    return rearrange(data[mask], "(c n) d -> c n d", c=c)


x = np.ones((2, 5, 3))
reveal_shape(x[np.array([0, 1])])  # reveal: (2, 5, 3)
reveal_shape(x[np.ones((2, 5)) > 0])  # reveal: (k, 3)
