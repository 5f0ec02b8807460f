# Padding layers are F.pad of their padding (an int pads both sides of each of the last n dims);
# clamp_min/clamp_max broadcast like clamp; triu_indices/tril_indices are (2, N), N counted row by
# row; an embedding or one_hot of indices of unknown rank keeps that rank
import torch
import torch.nn.functional as F
from torch import nn

x = torch.ones(2, 3, 8, 10)
reveal_shape(nn.ZeroPad2d(1)(x))  # reveal: (2, 3, 10, 12)
reveal_shape(nn.ZeroPad2d((1, 2, 0, 3))(x))  # reveal: (2, 3, 11, 13)
reveal_shape(nn.ConstantPad1d(2, 3.5)(x))  # reveal: (2, 3, 8, 14)
reveal_shape(nn.ReflectionPad2d(2)(x))  # reveal: (2, 3, 12, 14)
reveal_shape(nn.ReplicationPad3d(1)(x))  # reveal: (2, 5, 10, 12)
reveal_shape(nn.CircularPad1d((1, 0))(x[0]))  # reveal: (3, 8, 11)
bad_rank = nn.CircularPad1d((1, 0))(x)  # error: SC107
reveal_shape(nn.ZeroPad1d(2)(torch.ones(5)))  # reveal: (9,)
reveal_shape(torch.clamp_min(x, 0.1))  # reveal: (2, 3, 8, 10)
reveal_shape(torch.clamp_max(x, torch.ones(8, 1)))  # reveal: (2, 3, 8, 10)
v = torch.ones(2, 3, 4, 5, 6)
reveal_shape(nn.ZeroPad3d(1)(v))  # reveal: (2, 3, 6, 7, 8)
reveal_shape(nn.ConstantPad2d((1, 1, 2, 0), 0.0)(x))  # reveal: (2, 3, 10, 12)
reveal_shape(nn.ConstantPad3d(1, 0.0)(v))  # reveal: (2, 3, 6, 7, 8)
reveal_shape(nn.ReflectionPad1d(1)(x[0]))  # reveal: (3, 8, 12)
reveal_shape(nn.ReflectionPad3d(1)(v))  # reveal: (2, 3, 6, 7, 8)
reveal_shape(nn.ReplicationPad1d((0, 2))(x[0]))  # reveal: (3, 8, 12)
reveal_shape(nn.ReplicationPad2d(1)(x))  # reveal: (2, 3, 10, 12)
reveal_shape(nn.CircularPad2d(1)(x))  # reveal: (2, 3, 10, 12)
reveal_shape(nn.CircularPad3d(1)(v))  # reveal: (2, 3, 6, 7, 8)
reveal_shape(x.clamp_max(torch.ones(10)))  # reveal: (2, 3, 8, 10)
reveal_shape(torch.triu_indices(5, 5, 1))  # reveal: (2, 10)
reveal_shape(torch.triu_indices(4, 6, -2))  # reveal: (2, 23)
reveal_shape(torch.tril_indices(6, 3, 2))  # reveal: (2, 18)
reveal_shape(torch.tril_indices(3, 4, -10))  # reveal: (2, 0)
bad = nn.ZeroPad2d((1, 2, 3))(x)  # error: SC107


def tokens(text):
    reveal_shape(nn.Embedding(10, 6)(text))  # reveal: (*text, 6)
    reveal_shape(F.one_hot(text, 5))  # reveal: (*text, 5)
    return text
