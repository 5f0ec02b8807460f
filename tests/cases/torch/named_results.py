"""torch's reductions along a dim return named tuples (torch.return_types): `.values` and
`.indices` read their fields; `unbind` gives one array per index of the dim, each without it."""
import torch


def named(x: torch.Tensor):
    b, n, d = x.shape
    reveal_shape(x.max(dim=-1).values)  # reveal: (b, n)
    reveal_shape(torch.min(x, dim=1).indices)  # reveal: (b, d)
    reveal_shape(x.topk(3, dim=-1).indices)  # reveal: (b, n, 3)
    reveal_shape(x.sort(dim=1).values)  # reveal: (b, n, d)
    reveal_shape(x.median(dim=0).values)  # reveal: (n, d)
    reveal_shape(x.aminmax(dim=0).max)  # reveal: (n, d)
    values, indices = x.max(dim=-1)
    reveal_shape(indices)  # reveal: (b, n)
    top = x.topk(5, dim=1)
    reveal_shape(top[0])  # reveal: (b, 5, d)
    return top.values


def of_parameter(x):
    reveal_shape(x.max(dim=-1).values)  # reveal: (*x[:-1])
    reveal_shape(x.topk(3, dim=1).indices)  # reveal: (x.shape[0], 3, *x[2:])
    return x


def keep_tokens(seq, n: int, k: int):
    # topk's indices pick rows of seq, whatever its rank; a mask picks the rows it is True at
    keep = torch.randn((n,)).topk(k, dim=-1).indices
    reveal_shape(seq[keep])  # reveal: (k, *seq[1:])
    reveal_shape(seq[:, keep])  # reveal: (seq.shape[0], k, *seq[2:])
    mask = torch.ones((n, n), dtype=torch.bool)
    reveal_shape(seq[mask])  # reveal: (k, *seq[2:])
    return seq[keep]


def unbound(a: torch.Tensor, x):
    n, = a.shape
    h, w = torch.stack((a, a), dim=-1).unbind(dim=-1)
    reveal_shape(h)  # reveal: (n,)
    rows = x.unbind(dim=0)
    first, second = x.unbind(dim=1)
    reveal_shape(second)  # reveal: (x.shape[0], *x[2:])
    reveal_shape(rows[0])  # reveal: (*x[1:])
    reveal_shape(x.unbind(dim=-1)[0])  # reveal: (*x[:-1])
    return h


def too_many(x: torch.Tensor):
    n, d = x.shape
    small = x[:, :3]
    return small.topk(4, dim=-1)  # error: SC107
