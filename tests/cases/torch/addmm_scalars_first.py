# torch still takes the deprecated forms of `addmm`/`baddbmm`/`addmv`/`addr` with the scalars first
# (tools/autograd/deprecated.yaml: `addmm_(Scalar beta, Tensor self, Scalar alpha, Tensor mat1,
# Tensor mat2)`). deeplabcut's re-ID distances run `dist_mat.addmm_(1, -2, qf, gf.t())`; the 1 was
# taken for the first matrix, a false SC107 ("operand 0 must be a 2-D tensor, but 1 is a scalar").
import torch


def euclidean_distance(qf, gf):
    m = qf.shape[0]
    n = gf.shape[0]
    dist_mat = (
        torch.pow(qf, 2).sum(dim=1, keepdim=True).expand(m, n)
        + torch.pow(gf, 2).sum(dim=1, keepdim=True).expand(n, m).t()
    )
    dist_mat.addmm_(1, -2, qf, gf.t())
    return dist_mat


def forms():
    x = torch.zeros(4, 5)
    a, b = torch.ones(4, 3), torch.ones(3, 5)
    reveal_shape(torch.addmm(x, a, b, beta=0.5, alpha=2))  # reveal: (4, 5)
    reveal_shape(torch.addmm(0.5, x, 2, a, b))  # reveal: (4, 5)
    reveal_shape(x.addmm(0.5, a, b))  # reveal: (4, 5)
    reveal_shape(euclidean_distance(torch.ones(4, 8), torch.ones(6, 8)))  # reveal: (4, 6)
    return x.addmm_(1, -2, a, torch.ones(4, 5))  # error: SC102
