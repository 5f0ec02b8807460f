# What an op no table models returns is unknown, but a view or reshape of it to a shape given whole
# has that shape (a custom kernel's output put back in its input's shape); a ``-1`` there is a size
# of its own, the input's size being unknown. A dtype is no shape.
import torch
from torch import nn


class Bottle(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.proj = nn.Linear(d_in, d_out)

    def forward(self, x):
        size = x.size()
        flat = torch.ops.aten.relu(x.view(size[0] * size[1], -1))
        out = flat.view(size[0], size[1], -1)
        reveal_shape(out)  # reveal: (x.shape[0], x.shape[1], d)
        return self.proj(out)


def kernel(x: torch.Tensor):
    original_shape = x.shape
    out = torch.ops.aten.gelu(x.view(-1, x.size(-1)))
    reveal_shape(out.view(original_shape))  # reveal: (*x)
    reveal_shape(out.reshape(4, 3))  # reveal: (4, 3)
    reveal_shape(out.view(torch.float16))  # reveal: unknown
    reveal_shape(out.view(2, -1))  # reveal: (2, d)


def run():
    x = torch.ones(4, 3)
    original_shape = x.shape
    out = torch.ops.aten.gelu(x.view(-1, x.size(-1)))
    reveal_shape(out.view(original_shape))  # reveal: (4, 3)


run()


def heads(x: torch.Tensor, head_dim: int):
    # a -1 in a spread shape is a size of its own too (lmdeploy's llama4 vision attention reshaped q
    # so, then split its last dim with another -1: a false "only one unknown dimension")
    hidden_shape = (*x.shape[:-1], -1, head_dim)
    q = torch.ops.aten.gelu(x).reshape(hidden_shape)
    reveal_shape(q)  # reveal: (*x[:-1], d, head_dim)
    reveal_shape(q.float().reshape(*q.shape[:-1], -1, 2))  # reveal: (*x[:-1], d, head_dim//2, 2)
