# torch.special's functions are elementwise (softmax, log_softmax and logsumexp along a dim), isin
# keeps its elements' shape, quantile reduces along dim (a 1-D q puts its quantiles first), and
# x.stride() has one int per dim (the PyTorch reference: torch.special, torch.quantile, Tensor.stride).
import torch

x = torch.randn(4, 5)
reveal_shape(torch.special.expm1(x))  # reveal: (4, 5)
reveal_shape(torch.special.xlogy(x, torch.ones(5)))  # reveal: (4, 5)
reveal_shape(torch.special.logsumexp(x, dim=1))  # reveal: (4,)
reveal_shape(torch.isin(x, torch.ones(3)))  # reveal: (4, 5)
reveal_shape(torch.quantile(x, 0.5))  # reveal: ()
reveal_shape(torch.quantile(x, 0.5, dim=1))  # reveal: (4,)
reveal_shape(torch.quantile(x, torch.tensor([0.25, 0.75]), dim=0, keepdim=True))  # reveal: (2, 1, 5)
reveal_shape(x.to_sparse().to_dense())  # reveal: (4, 5)
reveal_shape(torch.zeros(3, 3).fill_diagonal_(1.0))  # reveal: (3, 3)
a, b = x.stride()
reveal_shape(x.stride(0))  # reveal: ()
torch.quantile(x, 0.5, dim=2)  # error: SC104

for f in (torch.special.airy_ai, torch.special.bessel_j0, torch.special.bessel_j1, torch.special.digamma,
          torch.special.entr, torch.special.erf, torch.special.erfc, torch.special.erfcx, torch.special.erfinv,
          torch.special.exp2, torch.special.expit, torch.special.gammaln, torch.special.i0, torch.special.i0e):
    reveal_shape(f(x))  # reveal: (4, 5)
for f in (torch.special.i1, torch.special.i1e, torch.special.log1p, torch.special.log_ndtr, torch.special.logit,
          torch.special.ndtr, torch.special.ndtri, torch.special.psi, torch.special.sinc, torch.special.round,
          torch.special.spherical_bessel_j0, torch.special.scaled_modified_bessel_k0,
          torch.special.scaled_modified_bessel_k1):
    reveal_shape(f(x))  # reveal: (4, 5)
for f in (torch.special.xlog1py, torch.special.zeta, torch.special.gammainc, torch.special.gammaincc):
    reveal_shape(f(x.abs(), torch.ones(4, 1)))  # reveal: (4, 5)
reveal_shape(torch.special.softmax(x, dim=0))  # reveal: (4, 5)
reveal_shape(torch.special.log_softmax(x, 1))  # reveal: (4, 5)
reveal_shape(torch.special.multigammaln(x.abs() + 2, 2))  # reveal: (4, 5)
reveal_shape(torch.nanquantile(x, 0.9, dim=-1, keepdim=True))  # reveal: (4, 1)
