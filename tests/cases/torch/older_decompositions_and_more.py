# torch's older decomposition functions (torch.svd gives V, not Vh), the splits and statistics NumPy
# shares, and a few torch.nn.functional rules (pdist, bilinear, channel_shuffle).
import torch
import torch.nn.functional as F

a = torch.randn(4, 3)
sq = torch.randn(3, 3) + 3 * torch.eye(3)
u, s, v = torch.svd(a)
reveal_shape(v)  # reveal: (3, 3)
reveal_shape(u)  # reveal: (4, 3)
reveal_shape(torch.svd(a, some=False).U)  # reveal: (4, 4)
reveal_shape(torch.svd(torch.randn(2, 3, 5)).V)  # reveal: (2, 5, 3)
reveal_shape(torch.slogdet(sq)[1])  # reveal: ()
reveal_shape(torch.matrix_power(sq, 3))  # reveal: (3, 3)
reveal_shape(torch.cholesky(sq @ sq.mT))  # reveal: (3, 3)
reveal_shape(torch.qr(a)[0])  # reveal: (4, 3)
reveal_shape(torch.lu(sq)[1])  # reveal: (3,)
reveal_shape(torch.matrix_exp(sq))  # reveal: (3, 3)
reveal_shape(torch.linalg.matrix_exp(torch.randn(2, 3, 3)))  # reveal: (2, 3, 3)
torch.matrix_exp(a)  # error: SC107
reveal_shape(torch.linalg.matrix_rank(a))  # reveal: ()
reveal_shape(torch.linalg.diagonal(torch.randn(2, 3, 4)))  # reveal: (2, 3)
reveal_shape(torch.linalg.cond(sq))  # reveal: ()
reveal_shape(torch.cholesky_inverse(torch.linalg.cholesky(sq @ sq.mT)))  # reveal: (3, 3)
reveal_shape(torch.cholesky_solve(torch.randn(3, 2), torch.linalg.cholesky(sq @ sq.mT)))  # reveal: (3, 2)
reveal_shape(torch.cov(torch.randn(3, 10)))  # reveal: (3, 3)
reveal_shape(torch.corrcoef(torch.randn(4, 10)))  # reveal: (4, 4)
reveal_shape(torch.dist(a, torch.zeros(3)))  # reveal: ()
torch.dist(a, torch.zeros(2))  # error: SC101
reveal_shape(torch.vsplit(torch.randn(4, 6), 2)[0])  # reveal: (2, 6)
reveal_shape(torch.hsplit(torch.randn(4, 6), 3)[1])  # reveal: (4, 2)
reveal_shape(torch.dsplit(torch.randn(2, 2, 4), 2)[0])  # reveal: (2, 2, 2)
reveal_shape(torch.diagflat(torch.ones(3)))  # reveal: (3, 3)
reveal_shape(torch.diagflat(torch.ones(3), offset=1))  # reveal: (4, 4)
reveal_shape(torch.vander(torch.tensor([1, 2, 3]), N=4))  # reveal: (3, 4)
reveal_shape(torch.addmv(torch.zeros(4), a, torch.ones(3)))  # reveal: (4,)
torch.addmv(torch.zeros(4), a, torch.ones(4))  # error: SC102
reveal_shape(torch.addr(torch.zeros(4, 3), torch.ones(4), torch.ones(3)))  # reveal: (4, 3)
reveal_shape(torch.igamma(torch.ones(2, 3), torch.ones(3)))  # reveal: (2, 3)
reveal_shape(torch.igammac(torch.ones(3), torch.ones(2, 1)))  # reveal: (2, 3)
reveal_shape(torch.mvlgamma(torch.full((2, 3), 3.0), 2))  # reveal: (2, 3)
reveal_shape(torch.renorm(a, 2, 0, 1.0))  # reveal: (4, 3)
reveal_shape(torch.narrow_copy(a, 0, 1, 2))  # reveal: (2, 3)
reveal_shape(torch.unique_consecutive(torch.tensor([1, 1, 2]))[0])  # reveal: ()

reveal_shape(F.pdist(torch.randn(5, 3)))  # reveal: (10,)
F.pdist(torch.randn(2, 5, 3))  # error: SC107
w = torch.randn(7, 3, 4)
reveal_shape(F.bilinear(torch.randn(8, 3), torch.randn(8, 4), w))  # reveal: (8, 7)
F.bilinear(torch.randn(8, 3), torch.randn(8, 5), w)  # error: SC102
reveal_shape(F.channel_shuffle(torch.randn(1, 4, 2, 2), 2))  # reveal: (1, 4, 2, 2)
