# A layer chosen by a condition on sizes is called under that condition: vit-pytorch's attention
# projects its heads back to ``dim`` unless they already are ``dim`` wide (one head of ``dim``), where
# it takes ``nn.Identity()``. Either way the result is ``dim`` wide, so the residual sums and the
# layers after the attention keep ``dim``. The sizes a constructor names in a loop's first pass are
# those sizes in every later pass, so building the layers in a loop settles.
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        project_out = not (heads == 1 and dim_head == dim)
        self.heads = heads
        self.to_qkv = nn.Linear(dim, inner_dim * 3, bias=False)
        self.to_out = nn.Linear(inner_dim, dim) if project_out else nn.Identity()

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = (t.view(b, n, self.heads, -1).transpose(1, 2) for t in self.to_qkv(x).chunk(3, dim=-1))
        attn = (q @ k.transpose(-1, -2)).softmax(dim=-1)
        out = (attn @ v).transpose(1, 2).reshape(b, n, -1)
        reveal_shape(out)  # reveal: (b, n, dim_head*heads)
        reveal_shape(self.to_out(out))  # reveal: (b, n, dim)
        return self.to_out(out)


class IdentityFirst(nn.Module):
    # the same choice written the other way round
    def __init__(self, dim, heads=8, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        self.to_in = nn.Linear(dim, inner_dim)
        self.to_out = nn.Identity() if heads == 1 and dim_head == dim else nn.Linear(inner_dim, dim)

    def forward(self, x):
        out = self.to_in(x)
        reveal_shape(self.to_out(out))  # reveal: (*x[:-1], dim)
        return self.to_out(out)


class Transformer(nn.Module):
    def __init__(self, dim, depth, heads, dim_head):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(Attention(dim, heads=heads, dim_head=dim_head))

    def forward(self, x):
        for attn in self.layers:
            x = attn(x) + x
        return x


class Model(nn.Module):
    def __init__(self, dim, depth, heads, dim_head, classes):
        super().__init__()
        self.embed = nn.Linear(3, dim)
        self.transformer = Transformer(dim, depth, heads, dim_head)
        self.head = nn.Linear(dim, classes)

    def forward(self, points):
        x = self.transformer(self.embed(points))
        reveal_shape(x)  # reveal: (points0, points1, dim)
        return self.head(x)


def run():
    one_head = Attention(16, heads=1, dim_head=16)
    reveal_shape(one_head(torch.ones(2, 5, 16)))  # reveal: (2, 5, 16)
    model = Model(16, 2, 4, 8, 10)
    reveal_shape(model(torch.ones(2, 5, 3)))  # reveal: (2, 5, 10)


run()
