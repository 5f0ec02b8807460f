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


class GraphConv(torch.nn.Module):
    """pytorch-examples' gcn: two or more arguments are sizes, whatever is known of them (torch takes
    data as one argument alone); one of unknown kind named as a size is one (``torch.Tensor(out_dim)``)."""

    def __init__(self, input_dim, output_dim):
        super(GraphConv, self).__init__()
        self.kernel = torch.nn.Parameter(torch.Tensor(input_dim, output_dim))
        self.bias = torch.nn.Parameter(torch.Tensor(output_dim))

    def forward(self, input_tensor, adj_mat):
        reveal_shape(self.kernel)  # reveal: (input_dim, output_dim)
        reveal_shape(self.bias)  # reveal: (output_dim,)
        support = torch.mm(input_tensor, self.kernel)
        reveal_shape(torch.spmm(adj_mat, support) + self.bias)  # reveal: (adj_mat0, output_dim)
        reveal_shape(torch.smm(adj_mat, support))  # reveal: (adj_mat0, output_dim)
        return support


def unknown_data(rows):
    # a lone value of unknown kind may be data or a torch.Size: its shape is not known
    reveal_shape(torch.Tensor(rows))  # reveal: (...)


def by_keyword():
    # torch's new(PyObject* data) and new(SymIntArrayRef size) by name (deepspeed's pipeline engine
    # receives into ``torch.LongTensor(data=[0])`` and reads its ``.item()``: no empty tensor)
    reveal_shape(torch.LongTensor(data=[0]))  # reveal: (1,)
    reveal_shape(torch.LongTensor(data=[[1, 2, 3]]))  # reveal: (1, 3)
    reveal_shape(torch.FloatTensor(size=(2, 3)))  # reveal: (2, 3)
    return torch.LongTensor(data=[0]).item()
