# Rank tests and shape unpacks on x of unknown rank. `if x.ndim == 4:`: x is 4-D in that branch
# (and not where the test says it is not), so the branch is analysed at the one rank it runs at;
# after the branch, x is either.
# einops raises on a pattern without '->' whatever the tensor: the code after it never runs.
import torch
from einops import rearrange


def to_video(x):
    if x.ndim == 4:
        reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2], x.shape[3])
        x = rearrange(x, 'b c h w -> b c 1 h w')
    elif x.dim() != 5:
        reveal_shape(x)  # reveal: unknown
    else:
        reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2], x.shape[3], x.shape[4])
    if len(x.shape) == 3 and x.shape[0] == 1:
        reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2])
    return x


def channels_last(x):
    if x.ndim != 4:
        reveal_shape(x)  # reveal: unknown
        return x
    reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2], x.shape[3])
    return x


def raises(x):
    if x.ndim == 4:
        x = rearrange(x, 'b 1 c h w')
        reveal_shape(x)  # never runs: no reveal (nothing expected here)
    return x


def pattern_without_arrow():
    y = rearrange(torch.ones(2, 3), 'a b')
    return y @ torch.ones(7, 7)   # never runs: no error


def allowed_ranks(x, video):
    # an assertion that allows two ranks: a test of one leaves the other in its else branch
    assert (x.ndim == 5 and not video) or (x.ndim == 6 and video)
    if x.ndim == 5:
        x = rearrange(x, 'b v c h w -> b v c 1 h w')
    else:
        reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2], x.shape[3], x.shape[4], x.shape[5])
    return rearrange(x, 'b v c t h w -> b v t c h w')


def allowed_ranks_in(x):
    assert x.ndim in (3, 4)
    if x.dim() != 4:
        reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2])
    return x


def starred_shape(x, heads):
    # the names `*x.shape` fills are x's dims, as in `b, n, _ = x.shape`
    b, n, _, h = *x.shape, heads
    reveal_shape(x)  # reveal: (b, n, _)
    return x


def torch_flatten(x):
    # x of torch code refined by a rank test stays a tensor: flatten(2) is torch's start_dim
    if len(x.shape) == 4:
        y = x.flatten(2).transpose(1, 2)
        reveal_shape(y)  # reveal: (x.shape[0], x.shape[2]*x.shape[3], x.shape[1])
    return x


def checked_then_used(boxes):
    # the check raises unless the rank is 5: past it, boxes is 5-D (De Morgan: not-or is and-not)
    if boxes.dim() != 5 or boxes.shape[-1] != 2:
        raise ValueError("boxes must be (B, T, N, 4, 2)")
    reveal_shape(boxes)  # reveal: (boxes.shape[0], boxes.shape[1], boxes.shape[2], boxes.shape[3], boxes.shape[4])
    return boxes


def negated_and(x):
    if not (x.ndim == 3 and x.shape[0] > 0):
        raise ValueError("x must be 3-D")
    reveal_shape(x)  # reveal: (x.shape[0], x.shape[1], x.shape[2])
    return x


def negated_test_taken(x):
    if not x.ndim == 2:
        reveal_shape(x)  # reveal: unknown
        return x
    reveal_shape(x)  # reveal: (x.shape[0], x.shape[1])
    return x
