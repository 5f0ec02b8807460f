import torch

a = torch.randn(4, 3)
b = torch.randn(3, 5)
v = torch.randn(3)
u = torch.randn(4)
reveal_shape(torch.baddbmm(torch.zeros(2, 4, 5), torch.randn(2, 4, 3), torch.randn(2, 3, 5)))  # reveal: (2, 4, 5)
reveal_shape(torch.baddbmm(torch.zeros(5), torch.randn(2, 4, 3), torch.randn(2, 3, 5), beta=0.5))  # reveal: (2, 4, 5)
reveal_shape(torch.cdist(a, torch.randn(6, 3)))  # reveal: (4, 6)
reveal_shape(torch.cdist(torch.randn(2, 4, 3), torch.randn(2, 7, 3)))  # reveal: (2, 4, 7)
reveal_shape(torch.chain_matmul(a, b, torch.randn(5, 2)))  # reveal: (4, 2)
reveal_shape(torch.ger(u, v))  # reveal: (4, 3)
reveal_shape(torch.inner(v, v))  # reveal: ()
reveal_shape(torch.inner(a, torch.randn(6, 3)))  # reveal: (4, 6)
reveal_shape(torch.inner(torch.randn(2, 5, 3), v))  # reveal: (2, 5)
reveal_shape(torch.kron(a, b))  # reveal: (12, 15)
reveal_shape(torch.kron(u, v))  # reveal: (12,)
reveal_shape(torch.kron(torch.randn(2, 2, 2), a))  # reveal: (2, 8, 6)
reveal_shape(torch.tensordot(a, b, dims=1))  # reveal: (4, 5)
reveal_shape(torch.tensordot(torch.randn(2, 3, 4), torch.randn(3, 4, 5), dims=2))  # reveal: (2, 5)
reveal_shape(torch.tensordot(torch.randn(2, 3, 4), torch.randn(4, 2, 6), dims=([0, 2], [1, 0])))  # reveal: (3, 6)
reveal_shape(torch.tensordot(a, b, dims=0))  # reveal: (4, 3, 3, 5)
reveal_shape(torch.vdot(v, v))  # reveal: ()
reveal_shape(torch.cdist(a, b.t()) @ torch.randn(5, 2))  # reveal: (4, 2)
bad = torch.baddbmm(torch.zeros(2, 4, 5), torch.randn(2, 4, 3), torch.randn(2, 4, 5))  # error: SC102
bad2 = torch.cdist(a, torch.randn(6, 2))  # error: SC102
bad3 = torch.chain_matmul(a, torch.randn(4, 5))  # error: SC102
bad4 = torch.ger(a, v)  # error: SC107
bad5 = torch.inner(a, b)  # error: SC102
bad6 = torch.tensordot(a, b, dims=([0], [1]))  # error: SC102
bad7 = torch.vdot(v, u)  # error: SC102
