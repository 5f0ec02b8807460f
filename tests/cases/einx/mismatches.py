import numpy as np
import einx

x = np.ones((2, 3, 4))

# an axis of two lengths: no broadcasting, einx matches axes by name
bad_add = einx.add('b s d, d', x, np.ones(5))  # error: SC101
bad_dot = einx.dot('b i d, b j d -> b i j', x, np.ones((2, 5, 6)))  # error: SC102
bad_gather = einx.get_at('b [s] d, b k -> b k d', x, np.zeros((3, 5), dtype=int))  # error: SC102

# a rank the expression does not fit, and ellipses of two ranks
bad_rank = einx.sum('b [s]', x)  # error: SC107
bad_ellipsis = einx.add('b ..., ... -> b ...', x, np.ones(4))  # error: SC107

# a composition its axes do not divide, or a number that is not the axis's length
bad_split = einx.id('b (h w) c -> b h w c', np.ones((2, 7, 4)), h=2)  # error: SC103
bad_unit = einx.add('b 1 d, b d -> b d', x, np.ones((2, 4)))  # error: SC101


def symbolic(n: int):
    y = np.ones((n, 4))
    z = einx.multiply('n d, d -> n d', y, np.ones(4))
    reveal_shape(z)  # reveal: (n, 4)
    w = einx.sum('n [d]', z)
    reveal_shape(w)  # reveal: (n,)
    return w


def unknown_rank(t):
    # the expression fixes the rank of an operand the analysis does not know
    reveal_shape(einx.sum('b [s] d', t))  # reveal: (t0, t2)
    return einx.add('b ... d, d', t, np.ones(4))


def compositions_wait_for_their_axes(p):
    # (h w) is split once w is known from the second operand
    reveal_shape(einx.add('b (h w), w -> b h w', np.ones((2, 6)), np.ones(3)))  # reveal: (2, 2, 3)
    return p


def not_read(v):
    # what this module does not read (einx's weight notation), or an output einx would refuse to
    # infer (two inputs hold every name), leaves the result unknown: never an error
    a = einx.dot('b [c1->c2]', v, c2=4)
    b = einx.add('b 1, b', np.ones((2, 1)), np.ones(2))
    return a, b


def two_ellipses(t):
    # how the rank parts between two ellipses is einx's own search: not read, unknown
    return einx.sum('a... [c] b...', t)
