"""torch's typed legacy constructors: ints are sizes, one sequence written out is the data (torch's
legacy_tensor_ctor binds a lone sequence that is not a torch.Size as data)."""
import torch


def sinusoidal(n: int, dim: int):
    pe = torch.FloatTensor([[p / (10000 ** (2 * (i // 2) / dim)) for i in range(dim)] for p in range(n)])
    reveal_shape(pe)  # reveal: (n, dim)
    return pe


def sized():
    reveal_shape(torch.LongTensor(3, 4))  # reveal: (3, 4)
    reveal_shape(torch.FloatTensor((3, 1, 1)))  # reveal: (3,)
    reveal_shape(torch.BoolTensor([True, False]))  # reveal: (2,)
    reveal_shape(torch.FloatTensor())  # reveal: (0,)
    reveal_shape(torch.DoubleTensor(2))  # reveal: (2,)
    reveal_shape(torch.HalfTensor([[1.0], [2.0]]))  # reveal: (2, 1)
    reveal_shape(torch.IntTensor([1, 2, 3]))  # reveal: (3,)
    reveal_shape(torch.ByteTensor(5, 1))  # reveal: (5, 1)
    reveal_shape(torch.FloatTensor(torch.zeros(2, 3).shape))  # reveal: (...)
    return torch.FloatTensor(2, 3) @ torch.FloatTensor(4, 5)  # error: SC102
