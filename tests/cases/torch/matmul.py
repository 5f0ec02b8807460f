import torch
import torch.nn.functional as F

x = torch.randn(8, 784)
w = torch.randn(784, 10)
reveal_shape(x @ w)  # reveal: (8, 10)
reveal_shape(torch.matmul(x, w))  # reveal: (8, 10)
reveal_shape(x.matmul(w))  # reveal: (8, 10)
reveal_shape(torch.mm(x, w))  # reveal: (8, 10)
reveal_shape(x.mm(w))  # reveal: (8, 10)
v = torch.randn(784)
reveal_shape(x @ v)  # reveal: (8,)
reveal_shape(torch.mv(x, v))  # reveal: (8,)
reveal_shape(torch.dot(v, v))  # reveal: ()
reveal_shape(torch.outer(v, torch.randn(3)))  # reveal: (784, 3)
batch = torch.randn(5, 3, 4)
reveal_shape(torch.bmm(batch, torch.randn(5, 4, 2)))  # reveal: (5, 3, 2)
reveal_shape(batch @ torch.randn(4, 6))  # reveal: (5, 3, 6)
reveal_shape(batch.transpose(1, 2) @ batch)  # reveal: (5, 4, 4)
reveal_shape(batch.mT)  # reveal: (5, 4, 3)
reveal_shape(x.T)  # reveal: (784, 8)
reveal_shape(x.t())  # reveal: (784, 8)
reveal_shape(torch.einsum("ij,jk->ik", x, w))  # reveal: (8, 10)
reveal_shape(torch.einsum("bij,bjk->bik", [batch, torch.randn(5, 4, 7)]))  # reveal: (5, 3, 7)
lw = torch.randn(10, 784)
reveal_shape(F.linear(x, lw))  # reveal: (8, 10)
reveal_shape(F.linear(x, lw, torch.randn(10)))  # reveal: (8, 10)
reveal_shape(torch.addmm(torch.randn(10), x, w))  # reveal: (8, 10)
bad = x @ torch.randn(100, 10)  # error: SC102
bad2 = torch.mm(batch, w)  # error: SC107
bad3 = torch.bmm(batch, torch.randn(6, 4, 2))  # error: SC102
bad4 = torch.bmm(x, w)  # error: SC107
bad5 = torch.einsum("ij,jk->ik", x, lw)  # error: SC102
bad6 = F.linear(x, torch.randn(10, 100))  # error: SC102
bad7 = torch.dot(v, torch.randn(3))  # error: SC102
bad8 = v.mT  # error: SC107
