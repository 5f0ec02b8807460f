# A constructor's parameters whose names say they hold a size (``dim_head``, ``heads``: the names
# lone sizes go by in torch code) are sizes where arithmetic combines them: ``inner_dim = dim_head *
# heads`` is that product, so splitting it again by heads gives ``dim_head`` back. A parameter of
# another name (a ratio, a rate) is no size: arithmetic on it stays unknown.
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=64, mlp_ratio=4):
        super().__init__()
        inner_dim = dim_head * heads
        self.heads = heads
        self.to_qkv = nn.Linear(dim, inner_dim * 3, bias=False)
        self.to_out = nn.Linear(inner_dim, dim)
        hidden = dim * mlp_ratio
        self.mlp = nn.Linear(dim, hidden)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q = q.view(b, n, self.heads, -1).transpose(1, 2)
        reveal_shape(q)  # reveal: (b, heads, n, dim_head)
        k = k.view(b, n, self.heads, -1).transpose(1, 2)
        v = v.view(b, n, self.heads, -1).transpose(1, 2)
        attn = (q @ k.transpose(-1, -2)).softmax(dim=-1)
        out = (attn @ v).transpose(1, 2).reshape(b, n, -1)
        reveal_shape(out)  # reveal: (b, n, dim_head*heads)
        reveal_shape(self.mlp(x))  # reveal: (b, n, hidden)
        return self.to_out(out)


def run():
    attn = Attention(16, heads=4, dim_head=8)
    reveal_shape(attn(torch.ones(2, 5, 16)))  # reveal: (2, 5, 16)


run()
