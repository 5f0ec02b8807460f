# torch's fixed-rank contractions fix the rank of an operand of unknown rank: mm's are matrices,
# bmm's 3-D batches, mv's a matrix and a vector (a parameter's analysis goes on at that rank).
import torch
import torch.nn as nn


class GraphLayer(nn.Module):
    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.W = nn.Parameter(torch.empty(size=(d_in, d_out)))

    def forward(self, h: torch.Tensor, adj):
        t = torch.mm(h, self.W)
        reveal_shape(t)  # reveal: (h0, d_out)
        return torch.bmm(adj, t.unsqueeze(0).expand(adj.shape[0], -1, -1))


def project(m, v):
    out = torch.mv(m, v)
    reveal_shape(out)  # reveal: (m0,)
    return out


layer = GraphLayer(8, 4)
reveal_shape(layer(torch.randn(5, 8), torch.randn(2, 5, 5)))  # reveal: (2, 5, 4)
reveal_shape(project(torch.randn(3, 7), torch.randn(7)))  # reveal: (3,)
