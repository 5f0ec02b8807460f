# torch.func's transforms and checkpoint run the function on what it sees; functools.partial binds
# a layer's or a function's arguments (timm's norm_layer=partial(nn.LayerNorm, eps=1e-6)).
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, dim, norm_layer=nn.LayerNorm, act_layer=nn.GELU):
        super().__init__()
        self.norm = norm_layer(dim)
        self.fc = nn.Linear(dim, dim * 4)
        self.act = act_layer()

    def forward(self, x):
        return self.act(self.fc(self.norm(x)))


block = Block(64, norm_layer=partial(nn.LayerNorm, eps=1e-6))
reveal_shape(block(torch.randn(2, 5, 64)))  # reveal: (2, 5, 256)
reveal_shape(checkpoint(block, torch.randn(3, 64), use_reentrant=False))  # reveal: (3, 256)
gelu = partial(F.gelu, approximate="tanh")
reveal_shape(gelu(torch.randn(3, 4)))  # reveal: (3, 4)
pad = partial(partial(F.pad, pad=(1, 1)), mode="constant")
reveal_shape(pad(torch.randn(2, 3)))  # reveal: (2, 5)
compiled = torch.compile(block)
reveal_shape(compiled(torch.randn(7, 64)))  # reveal: (7, 256)


def pair_dot(x, y):
    return torch.dot(x, y)   # per example: 1-D . 1-D


reveal_shape(torch.vmap(pair_dot)(torch.randn(8, 3), torch.randn(8, 3)))  # reveal: (8,)
reveal_shape(torch.func.vmap(torch.mv, in_dims=(None, 0))(torch.randn(5, 3), torch.randn(8, 3)))  # reveal: (8, 5)
grads = torch.func.grad(lambda w, x: (x @ w).sum())(torch.randn(3, 2), torch.randn(4, 3))
reveal_shape(grads)  # reveal: (3, 2)
g, value = torch.func.grad_and_value(lambda w: (w ** 2).sum())(torch.randn(6))
reveal_shape(g)  # reveal: (6,)
reveal_shape(value)  # reveal: ()
reveal_shape(torch.func.jacrev(torch.sin)(torch.randn(4)))  # reveal: (4, 4)
w = torch.randn(3, 2, requires_grad=True)
(gw,) = torch.autograd.grad((torch.randn(4, 3) @ w).sum(), [w])
reveal_shape(gw)  # reveal: (3, 2)
out, pullback = torch.func.vjp(torch.mm, torch.randn(4, 3), torch.randn(3, 2))
reveal_shape(pullback(torch.ones(4, 2))[1])  # reveal: (3, 2)
params = dict(block.named_parameters())
reveal_shape(torch.func.functional_call(block, params, (torch.randn(4, 64),)))  # reveal: (4, 256)
mismatch = checkpoint(block, torch.randn(3, 32), use_reentrant=False)  # error: SC110
