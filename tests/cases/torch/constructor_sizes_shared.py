# A constructor's size parameter is one dim wherever the constructor put it: stored (self.k = k)
# and used in a layer's size (k * k), or written in a view's target by name (self.n_head), the
# methods see the same dim, so a join of the two uses keeps it.
import torch
import torch.nn as nn


class TNet(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.fc3 = nn.Linear(256, k * k)

    def forward(self, x):
        batchsize = x.size()[0]
        x = self.fc3(x)
        iden = torch.eye(self.k).flatten().view(1, self.k * self.k).repeat(batchsize, 1)
        reveal_shape(iden)  # reveal: (batchsize, k*k)
        x = (x + iden).view(-1, self.k, self.k)
        reveal_shape(x)  # reveal: (batchsize, k, k)
        return x


reveal_shape(TNet(3)(torch.randn(4, 256)))  # reveal: (4, 3, 3)
reveal_shape(TNet(k=5)(torch.randn(2, 256)))  # reveal: (2, 5, 5)


class Attention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.n_head = n_head
        self.n_embd = n_embd

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        reveal_shape(k)  # reveal: (B, n_head, T, C//n_head)
        att = q @ k.transpose(-2, -1)
        reveal_shape(att)  # reveal: (B, n_head, T, T)
        return att


reveal_shape(Attention(48, 4)(torch.randn(2, 10, 48)))  # reveal: (2, 4, 10, 10)
