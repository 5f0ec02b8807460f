# Two Python ints joined (one branch's or the other's) may be negative when either is: a symbol
# stands for a size (>= 0) unless it is signed, so joining 1 and -1 into a size made the -1 branch
# impossible. (After dm-haiku's get_channel_index, 1 or -1, and pyro's cat2(..., dim=-3 if
# regional else -2) with its `assert dim < 0`.)
import torch


def channel_index(data_format):
    if data_format == "channels_first":
        return 1
    return -1


def instance_norm_axis(data_format):
    param_axis = channel_index(data_format)
    if param_axis == 1:
        return slice(2, None)
    assert param_axis == -1
    return slice(1, -1)


def cat2(lhs, rhs, *, dim=-1):
    assert dim < 0
    return torch.cat([lhs, rhs], dim=dim)


def pad_initial(value, rest, regional):
    return cat2(value, rest, dim=-3 if regional else -2)


def sizes(flag):
    n = 3 if flag else 4
    assert n >= 0
    assert n < 0  # error: SC201
    return n


def has_constant(x, a, b):
    # three or more returns: a join already widened to a size meets -1 ("not found") after, and is
    # widened again, signed (linearmodels' has_constant: a false SC201 on ``assert loc == -1``)
    if a:
        return True, int(torch.argmax(x))
    if b:
        return True, int(torch.argmax(x))
    if x.sum() > 0:
        return False, -1
    return True, int(torch.argmin(x))


def uses_constant(x, a, b):
    hc, loc = has_constant(x, a, b)
    assert loc == -1
    return hc
