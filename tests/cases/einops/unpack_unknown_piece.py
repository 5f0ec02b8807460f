# unpack gives back each piece at the pattern's rank around its packed shape: a piece whose shape
# pack did not know (an input of unknown rank) keeps the pattern's dims around an unknown middle,
# and the others keep their full shapes.
import torch
from einops import pack, unpack


def tokens(x, extra):
    b, n, d = x.shape
    cls = torch.zeros(b, 1, d)
    packed, ps = pack((cls, extra, x), 'b * d')
    reveal_shape(packed)  # reveal: (b, packed, d)
    first, middle, rest = unpack(packed, ps, 'b * d')
    reveal_shape(first)  # reveal: (b, 1, d)
    reveal_shape(middle)  # reveal: (b, ..., d)
    reveal_shape(rest)  # reveal: (b, n, d)
    return rest
