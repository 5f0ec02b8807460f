import torch

x = torch.randn(2, 3)
reveal_shape(x.double())  # reveal: (2, 3)
reveal_shape(x.half())  # reveal: (2, 3)
reveal_shape(x.bfloat16())  # reveal: (2, 3)
reveal_shape(x.int())  # reveal: (2, 3)
reveal_shape(x.long())  # reveal: (2, 3)
reveal_shape(x.short())  # reveal: (2, 3)
reveal_shape(x.char())  # reveal: (2, 3)
reveal_shape(x.byte())  # reveal: (2, 3)
reveal_shape(x.bool())  # reveal: (2, 3)
reveal_shape(x.type(torch.float64))  # reveal: (2, 3)
reveal_shape(x.type_as(torch.zeros(5, dtype=torch.long)))  # reveal: (2, 3)
reveal_shape(x.reshape_as(torch.zeros(3, 2)))  # reveal: (3, 2)
reveal_shape(x.reshape_as(torch.zeros(6)))  # reveal: (6,)
reveal_shape(x.new_empty(4, 5))  # reveal: (4, 5)
reveal_shape(x.new_ones((3,)))  # reveal: (3,)
reveal_shape(x.new_ones(2, 2, dtype=torch.long))  # reveal: (2, 2)
reveal_shape(x.new_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))  # reveal: (3, 2)
reveal_shape(x.new_tensor(7))  # reveal: ()
reveal_shape(torch.zeros(x.ndimension()))  # reveal: (2,)
reveal_shape(torch.zeros(x.nelement()))  # reveal: (6,)
reveal_shape(torch.tensor([[2.5]]).item())  # reveal: ()
reveal_shape(x.sum().item())  # reveal: ()
rows = x.tolist()
size_in_bytes = x.element_size() * x.nelement()
address = x.data_ptr()
flags = (x.is_contiguous(), x.is_floating_point(), x.t().is_contiguous())
y = torch.empty(2, 3)
reveal_shape(y.zero_())  # reveal: (2, 3)
reveal_shape(y.fill_(1.5))  # reveal: (2, 3)
reveal_shape(y.normal_())  # reveal: (2, 3)
reveal_shape(y.normal_(0.0, 0.02))  # reveal: (2, 3)
reveal_shape(y.uniform_(-1.0, 1.0))  # reveal: (2, 3)
reveal_shape(y.random_(0, 10))  # reveal: (2, 3)
reveal_shape(y.bernoulli_(0.5))  # reveal: (2, 3)
reveal_shape(y.exponential_())  # reveal: (2, 3)
reveal_shape(y.copy_(x))  # reveal: (2, 3)
reveal_shape(y.copy_(torch.ones(3)))  # reveal: (2, 3)
reveal_shape(y.apply_(lambda v: v * 2))  # reveal: (2, 3)
reveal_shape(y.map_(x, lambda a, b: a + b))  # reveal: (2, 3)
w = torch.randn(3, 4).requires_grad_()
reveal_shape(w)  # reveal: (3, 4)
h = x @ w
h.retain_grad()
loss = h.sum()
loss.backward()
reveal_shape(h.grad)  # reveal: (2, 4)
reveal_shape(w.grad)  # reveal: (3, 4)
reveal_shape(torch.randn(5).requires_grad_(True))  # reveal: (5,)


def on_gpu(t):
    # Needs CUDA (and pinned host memory): named here, never called.
    reveal_shape(x.cuda())  # reveal: (2, 3)
    reveal_shape(x.pin_memory())  # reveal: (2, 3)
    return t.cuda(non_blocking=True)


bad = x.item()  # error: SC107
bad2 = x.reshape_as(torch.zeros(4, 2))  # error: SC103
bad3 = y.copy_(torch.ones(2, 2))  # error: SC101
bad4 = torch.randn(4, 4).copy_(torch.ones(3, 4))  # error: SC101
