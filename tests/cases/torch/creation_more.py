import numpy as np
import torch

x = torch.randn(3, 5)
reveal_shape(torch.as_tensor([1.0, 2.0, 3.0]))  # reveal: (3,)
reveal_shape(torch.as_tensor([[1, 2], [3, 4]], dtype=torch.float32))  # reveal: (2, 2)
reveal_shape(torch.as_tensor(x))  # reveal: (3, 5)
reveal_shape(torch.asarray([[1, 2, 3]]))  # reveal: (1, 3)
reveal_shape(torch.asarray(x))  # reveal: (3, 5)
reveal_shape(torch.from_numpy(np.zeros((2, 4))))  # reveal: (2, 4)
reveal_shape(torch.from_numpy(np.arange(6)))  # reveal: (6,)
reveal_shape(torch.empty_like(x))  # reveal: (3, 5)
reveal_shape(torch.ones_like(x, dtype=torch.long))  # reveal: (3, 5)
reveal_shape(torch.rand_like(x))  # reveal: (3, 5)
reveal_shape(torch.randint_like(x, 10))  # reveal: (3, 5)
reveal_shape(torch.randint_like(x, 2, 8))  # reveal: (3, 5)
reveal_shape(torch.logspace(0, 2, 5))  # reveal: (5,)
reveal_shape(torch.logspace(0, 1, steps=3, base=2.0))  # reveal: (3,)
reveal_shape(torch.normal(0.0, 1.0, size=(2, 3)))  # reveal: (2, 3)
reveal_shape(torch.normal(x, 1.0))  # reveal: (3, 5)
reveal_shape(torch.normal(torch.zeros(4), torch.ones(4)))  # reveal: (4,)
p = torch.rand(3, 5)
reveal_shape(torch.bernoulli(p))  # reveal: (3, 5)
reveal_shape(torch.poisson(p * 4))  # reveal: (3, 5)
reveal_shape(torch.multinomial(p, 2))  # reveal: (3, 2)
reveal_shape(torch.multinomial(p[0], 8, replacement=True))  # reveal: (8,)
seed = torch.manual_seed(0)
reveal_shape(torch.zeros(torch.Size([2, 3])))  # reveal: (2, 3)
reveal_shape(torch.ones(torch.Size((4,))))  # reveal: (4,)
reveal_shape(x.new_zeros(torch.Size([1, 2])))  # reveal: (1, 2)
reveal_shape(torch.empty(x.shape[1], x.shape[0]))  # reveal: (5, 3)
assert torch.is_tensor(x)
ok = torch.is_tensor([1, 2])
grad_on = torch.is_grad_enabled()
gpu = torch.cuda.is_available()
reveal_shape(torch.zeros(2, 3).to("cuda" if torch.cuda.is_available() else "cpu"))  # reveal: (2, 3)
bad2 = torch.normal(torch.zeros(4), torch.ones(3))  # error: SC101
bad3 = torch.ones_like(x) + torch.empty_like(p.t())  # error: SC101
bad_multinomial = torch.multinomial(torch.rand(3, 5), 6)  # error: SC107
reveal_shape(torch.multinomial(torch.rand(3, 5), 6, replacement=True))  # reveal: (3, 6)
reveal_shape(torch.rand(3, 5).multinomial(6, True))  # reveal: (3, 6)
bad_multinomial2 = torch.rand(5).multinomial(7, False)  # error: SC107
bad_multinomial3 = torch.multinomial(torch.rand(2, 3, 4), 1)  # error: SC107
