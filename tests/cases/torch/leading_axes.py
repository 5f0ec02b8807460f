"""A parameter nothing fixes is `(*x)`; an op on a leading axis (x.mean(1), x[:, 0], transpose(1, 2))
takes the dims it needs off the front of x's middle, as an op on the last dims takes them off its end:
the result stays exact for every rank of x (issue 10, item 2), and one dim of x is one dim in the run."""
import torch


def channel_norm(x):
    var = torch.var(x, dim=1, unbiased=False, keepdim=True)
    reveal_shape(var)  # reveal: (x.shape[0], 1, *x[2:])
    mean = torch.mean(x, dim=1, keepdim=True)
    out = (x - mean) / (var + 1e-5).sqrt()
    reveal_shape(out)  # reveal: (*x)
    return out


def reductions(x):
    reveal_shape(x.mean(dim=1))  # reveal: (x.shape[0], *x[2:])
    reveal_shape(x.sum(dim=-1))  # reveal: (*x[:-1])
    reveal_shape(x.amax(dim=(-1, -2)))  # reveal: (*x[:-2])
    reveal_shape(x.mean(dim=(1, 2)))  # reveal: (x.shape[0], *x[3:])
    reveal_shape(x.argmax(dim=1))  # reveal: (x.shape[0], *x[2:])
    reveal_shape(x.mean())  # reveal: ()
    reveal_shape(x.sum(dim=(0, -1)))  # reveal: (...)
    return x


def indexing(x, t):
    reveal_shape(x[:, 0])  # reveal: (x.shape[0], *x[2:])
    reveal_shape(t[:, 1:])  # reveal: (t.shape[0], t.shape[1]-1, *t[2:])
    reveal_shape(x[..., 0])  # reveal: (*x[:-1])
    reveal_shape(x[..., :3])  # reveal: (*x[:-1], min(3, x.shape[-1]))
    reveal_shape(x[:, None])  # reveal: (x.shape[0], 1, *x[1:])
    reveal_shape(x[0, ..., 0])  # reveal: (...)
    return x


def layout(x):
    reveal_shape(x.unsqueeze(1))  # reveal: (x.shape[0], 1, *x[1:])
    reveal_shape(x.unsqueeze(0))  # reveal: (1, *x)
    reveal_shape(x.unsqueeze(-1))  # reveal: (*x, 1)
    reveal_shape(x.unsqueeze(-2))  # reveal: (*x[:-1], 1, x.shape[-1])
    reveal_shape(x.transpose(1, 2))  # reveal: (x.shape[0], x.shape[2], x.shape[1], *x[3:])
    reveal_shape(x.transpose(-1, -2))  # reveal: (*x[:-2], x.shape[-1], x.shape[-2])
    reveal_shape(x.transpose(0, -1))  # reveal: (...)
    reveal_shape(x.flatten(-2))  # reveal: (*x[:-2], x.shape[-1]*x.shape[-2])
    reveal_shape(x.unflatten(-1, (4, 8)))  # reveal: (*x[:-1], 4, 8)
    # flatten(1) folds the dims past the first, however many: their product is one dim per
    # parameter, so two flattens of x agree
    reveal_shape(x.flatten(1))  # reveal: (x.shape[0], prod(x.shape[2:])*x.shape[1])
    reveal_shape(x.flatten(1) + x.flatten(1))  # reveal: (x.shape[0], prod(x.shape[2:])*x.shape[1])
    reveal_shape(torch.flatten(x, 1, -1))  # reveal: (x.shape[0], prod(x.shape[2:])*x.shape[1])
    reveal_shape(torch.stack((x, x), dim=-1))  # reveal: (*x, 2)
    reveal_shape(torch.stack((x, x)))  # reveal: (2, *x)
    return x


def flattened(x):
    y = x.flatten(1)
    reveal_shape(y[:, 0])  # reveal: (x.shape[0],)
    return y


def joined(t):
    cls, rest = t[:, :1], t[:, 1:]
    both = torch.cat((cls, rest), dim=1)
    reveal_shape(both)  # reveal: (t.shape[0], t.shape[1]+min(1, t.shape[1])-1, *t[2:])
    reveal_shape(torch.cat((t, t), dim=-1))  # reveal: (*t[:-1], t.shape[-1]*2)
    return both


def permuted(x):
    # permute names every axis: x has 3 dims, and the function is analysed at that rank
    y = x.permute(0, 2, 1)
    reveal_shape(y)  # reveal: (x0, x2, x1)
    return y


def mismatch(x):
    a = torch.cat((x, x, x), dim=1)
    b = torch.cat((x, x), dim=1)
    return a + b  # error: SC101


def fine(x):
    # x.shape[1] may be 1 or 2: the slices agree then
    return x[:, :2] + x[:, :3]


def projected(x):
    # x - mean is x's shape again: a layer on its last dim keeps the rest of x
    centred = x - x.mean(dim=1, keepdim=True)
    reveal_shape(torch.nn.Linear(4, 8)(centred))  # reveal: (*x[:-1], 8)
    reveal_shape(x.transpose(1, 2).transpose(1, 2))  # reveal: (x.shape[0], x.shape[1], x.shape[2], *x[3:])
    reveal_shape(x.transpose(1, 2).transpose(1, 2) + x)  # reveal: (*x)
    return centred
