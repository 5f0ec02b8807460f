import torch

reveal_shape(torch.zeros(2, 3))  # reveal: (2, 3)
reveal_shape(torch.ones((4, 5)))  # reveal: (4, 5)
reveal_shape(torch.empty([6]))  # reveal: (6,)
reveal_shape(torch.rand(2, 3, 4))  # reveal: (2, 3, 4)
reveal_shape(torch.randn(7, dtype=torch.float64))  # reveal: (7,)
reveal_shape(torch.full((2, 2), 3.5))  # reveal: (2, 2)
x = torch.randn(3, 5)
reveal_shape(torch.zeros_like(x))  # reveal: (3, 5)
reveal_shape(torch.randn_like(x))  # reveal: (3, 5)
reveal_shape(torch.full_like(x, 7))  # reveal: (3, 5)
reveal_shape(torch.zeros(x.shape))  # reveal: (3, 5)
reveal_shape(torch.zeros(x.size()))  # reveal: (3, 5)
reveal_shape(torch.ones(x.size(0), 2))  # reveal: (3, 2)
reveal_shape(torch.tensor([[1, 2, 3], [4, 5, 6]]))  # reveal: (2, 3)
reveal_shape(torch.tensor(3.0))  # reveal: ()
reveal_shape(torch.tensor([1.0, 2.0]))  # reveal: (2,)
reveal_shape(torch.arange(10))  # reveal: (10,)
reveal_shape(torch.arange(2, 10, 2))  # reveal: (4,)
reveal_shape(torch.arange(0, 1, 0.25))  # reveal: (4,)
reveal_shape(torch.linspace(0, 1, 5))  # reveal: (5,)
reveal_shape(torch.eye(3))  # reveal: (3, 3)
reveal_shape(torch.eye(2, 4))  # reveal: (2, 4)
reveal_shape(torch.randint(0, 10, (4, 2)))  # reveal: (4, 2)
reveal_shape(torch.randint(5, (3,)))  # reveal: (3,)
reveal_shape(torch.randperm(6))  # reveal: (6,)
reveal_shape(x.new_zeros(2, 8))  # reveal: (2, 8)
reveal_shape(x.new_full((1, 4), 2.0))  # reveal: (1, 4)
bad = torch.zeros(2, -3)  # error: SC107


def sized_like(t: torch.Tensor, x: torch.Tensor):
    # a slice of a torch.Size is a torch.Size: one size tuple (here t's first two dims), not a 1-d size
    reveal_shape(torch.randn(t.shape[:2]))  # reveal: (t.shape[0], t.shape[1])
    reveal_shape(torch.zeros(x.size()[:-1]))  # reveal: (*x[:-1])
    return torch.randn(t.shape[:2]).argsort(dim=-1)[..., :1, :]


reveal_shape(sized_like(torch.randn(2, 3, 4, 5), torch.randn(6, 7)))  # reveal: (1, 3)
t4 = torch.randn(2, 3, 4, 5)
reveal_shape(torch.randn(t4.shape[:2]))  # reveal: (2, 3)
reveal_shape(torch.randn(*t4.shape[:2]))  # reveal: (2, 3)
reveal_shape(torch.zeros(t4.size()[:-1]))  # reveal: (2, 3, 4)
