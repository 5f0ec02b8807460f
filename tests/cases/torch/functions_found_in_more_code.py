# torch functions nemo, espnet, fairseq, dgl and deepspeed call that had no rule (stop 56's statistics)
import torch
from torch import nn
from torch.autograd import Variable
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

x = torch.randn(4, 6)
reveal_shape(Variable(x))  # reveal: (4, 6)
reveal_shape(x.new())  # reveal: (0,)
reveal_shape(x.new(2, 3))  # reveal: (2, 3)
reveal_shape(x.new([1.0, 2.0, 3.0]))  # reveal: (3,)
reveal_shape(torch.empty_strided((2, 3), (1, 2)))  # reveal: (2, 3)
reveal_shape(torch.cosine_similarity(x, x))  # reveal: (4,)
reveal_shape(torch.clamp_(x, 0, 1))  # reveal: (4, 6)
reveal_shape(torch.polygamma(1, x))  # reveal: (4, 6)
reveal_shape(torch._int_mm(torch.ones(32, 16, dtype=torch.int8), torch.ones(16, 8, dtype=torch.int8)))  # reveal: (32, 8)
assert torch._check(x.shape[0] == 4) is None

a = torch.randn(5, 3)
P, L, U = torch.lu_unpack(*torch.linalg.lu_factor(a))
reveal_shape(P)  # reveal: (5, 5)
reveal_shape(L)  # reveal: (5, 3)
reveal_shape(U)  # reveal: (3, 3)
sq = torch.randn(4, 4).triu() + 4 * torch.eye(4)
solution, coefficient = torch.triangular_solve(torch.randn(4, 2), sq)
reveal_shape(solution)  # reveal: (4, 2)
reveal_shape(coefficient)  # reveal: (4, 4)

flat = _flatten_dense_tensors([torch.ones(2, 3), torch.ones(4)])
reveal_shape(flat)  # reveal: (10,)
back = _unflatten_dense_tensors(flat, [torch.ones(2, 3), torch.ones(4)])
reveal_shape(back[0])  # reveal: (2, 3)
reveal_shape(back[1])  # reveal: (4,)

fan_in, fan_out = nn.init._calculate_fan_in_and_fan_out(torch.empty(8, 3, 5, 5))
reveal_shape(torch.zeros(fan_in, fan_out))  # reveal: (75, 200)
embed = nn.Embedding.from_pretrained(torch.randn(100, 16), freeze=False)
reveal_shape(embed(torch.zeros(2, 7, dtype=torch.long)))  # reveal: (2, 7, 16)
reveal_shape(embed.weight)  # reveal: (100, 16)
buffer = nn.Buffer(torch.zeros(3))
reveal_shape(buffer)  # reveal: (3,)
conv = nn.utils.remove_weight_norm(nn.utils.weight_norm(nn.Conv1d(4, 8, 3)))
reveal_shape(conv(torch.randn(1, 4, 10)))  # reveal: (1, 8, 8)
torch._assert_async(torch.tensor(True))
reveal_shape(torch.jit.annotate(torch.Tensor, x))  # reveal: (4, 6)
reveal_shape(torch.autograd.variable.Variable(x))  # reveal: (4, 6)
reveal_shape(nn.parameter.Buffer(torch.ones(2)))  # reveal: (2,)
reveal_shape(nn.utils.remove_spectral_norm(nn.utils.spectral_norm(nn.Linear(3, 2)))(torch.ones(3)))  # reveal: (2,)

import os
import tempfile

path = os.path.join(tempfile.mkdtemp(), "weights.bin")
torch.arange(6.0).numpy().tofile(path)
reveal_shape(torch.from_file(path, size=6))  # reveal: (6,)

# nn.init.sparse_ fills the tensor in place and returns it
reveal_shape(torch.nn.init.sparse_(torch.empty(3, 5), sparsity=0.1))  # reveal: (3, 5)
