# A constructor's parameter is a number only in elementwise ops (``dots * self.scale``): a matmul
# takes no number, so there it is an array of unknown shape. pyro's LowerCholeskyAffine and
# numpyro's transforms store ``scale_tril`` and ``torch.matmul(self.scale_tril, x.unsqueeze(-1))``
# was a false SC107 ("self.scale_tril is a scalar").
import torch


class LowerCholeskyAffine:
    def __init__(self, loc, scale_tril, cache_size=0):
        self.loc = loc
        self.scale_tril = scale_tril
        self.eps = 1e-6

    def _call(self, x):
        y = torch.matmul(self.scale_tril, x.unsqueeze(-1)).squeeze(-1) + self.loc
        return y.clamp(min=self.eps)


t = LowerCholeskyAffine(torch.zeros(3), torch.eye(3))
reveal_shape(t._call(torch.ones(5, 3)))  # reveal: (5, 3)
