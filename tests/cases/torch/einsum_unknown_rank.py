"""torch.einsum's terms are a spec: a term without `...` fixes its operand's rank (a parameter's is
learnt, and the function analysed at it); one with `...` keeps the dims it does not name."""
import torch


def attend(q, k):
    sim = torch.einsum('b h i d, b h j d -> b h i j', q, k)
    reveal_shape(sim)  # reveal: (q0, q1, q2, k2)
    return sim


def project(x, w):
    y = torch.einsum('...d,de->...e', x, w)
    reveal_shape(y)  # reveal: (*x[:-1], w1)
    return y


def batched(x, y):
    # two operands' `...` of unknown rank broadcast together: the rank is not known
    reveal_shape(torch.einsum('...id,...jd->...ij', x, y))  # reveal: (...)
    return x


def too_many(x, w):
    return torch.einsum('ij,jk->ik', x[None, None, None], w)  # error: SC107
