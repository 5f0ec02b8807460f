# torch functions real code calls that had no rule (found by --statistics on ten projects).
import torch
from torch import nn
from torch.nn.modules.utils import _pair, _single, _triple, _quadruple

a = torch.randn(3, 3) + 3 * torch.eye(3)
b = torch.randn(3, 2)
reveal_shape(torch.scalar_tensor(2.5))  # reveal: ()
reveal_shape(torch.scalar_tensor(1, dtype=torch.int64))  # reveal: ()
assert not torch.is_complex(a) and torch.is_nonzero(torch.ones(1)) and torch.is_same_size(a, a)
reveal_shape(torch.frombuffer(bytearray(16), dtype=torch.float32, count=4))  # reveal: (4,)
reveal_shape(torch.as_strided(torch.arange(9.0), (2, 2), (1, 2)))  # reveal: (2, 2)
reveal_shape(torch.arange(9.0).as_strided((3, 2), (1, 1)))  # reveal: (3, 2)
reveal_shape(torch.trapezoid(torch.ones(3, 4)))  # reveal: (3,)
reveal_shape(torch.trapezoid(torch.ones(3, 4), dim=0))  # reveal: (4,)
reveal_shape(torch.trapz(torch.ones(5)))  # reveal: ()

# kernel sizes as custom layers spell them
reveal_shape(torch.zeros(_pair(3)))  # reveal: (3, 3)
reveal_shape(torch.zeros(_pair((2, 5))))  # reveal: (2, 5)
reveal_shape(torch.zeros(_single(4)))  # reveal: (4,)
reveal_shape(torch.zeros(_triple(2)))  # reveal: (2, 2, 2)
reveal_shape(torch.zeros(_quadruple(1)))  # reveal: (1, 1, 1, 1)
weight = nn.Parameter(torch.randn(8, 4, *_pair(3)))
reveal_shape(torch.nn.functional.conv2d(torch.randn(1, 4, 10, 10), weight))  # reveal: (1, 8, 8, 8)

# parameter containers
params = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), nn.Parameter(torch.ones(3))])
reveal_shape(params[0] @ params[1])  # reveal: (2,)
table = nn.ParameterDict({"w": nn.Parameter(torch.ones(4, 2))})
reveal_shape(table["w"].T)  # reveal: (2, 4)
reveal_shape(nn.utils.clip_grad_norm_(params.parameters(), 1.0))  # reveal: ()
gain = nn.init.calculate_gain("relu") * 2.0
nn.utils.clip_grad_value_(params.parameters(), 0.5)

# torch.linalg's _ex variants, LU and triangular solves
reveal_shape(torch.linalg.inv_ex(a).inverse)  # reveal: (3, 3)
reveal_shape(torch.linalg.inv_ex(torch.randn(2, 3, 3)).info)  # reveal: (2,)
reveal_shape(torch.linalg.cholesky_ex(a @ a.mT + torch.eye(3)).L)  # reveal: (3, 3)
reveal_shape(torch.linalg.solve_ex(a, b).result)  # reveal: (3, 2)
LU, pivots = torch.linalg.lu_factor(a)
reveal_shape(pivots)  # reveal: (3,)
reveal_shape(torch.linalg.lu_factor_ex(torch.randn(4, 3)).pivots)  # reveal: (3,)
reveal_shape(torch.linalg.lu_solve(LU, pivots, b))  # reveal: (3, 2)
reveal_shape(torch.linalg.solve_triangular(a.triu(), b, upper=True))  # reveal: (3, 2)
reveal_shape(torch.linalg.solve_triangular(a.tril(), b.mT, upper=False, left=False))  # reveal: (2, 3)
reveal_shape(torch.linalg.solve_triangular(torch.randn(4, 3, 3).triu(), b, upper=True))  # reveal: (4, 3, 2)
torch.linalg.solve_triangular(a.triu(), torch.randn(4, 2), upper=True)  # error: SC102
torch.linalg.lu_solve(LU, pivots, torch.randn(2, 2))  # error: SC102
torch.testing.assert_close(a, a)
