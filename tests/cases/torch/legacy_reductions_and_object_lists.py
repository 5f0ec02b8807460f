# A loss's legacy size_average/reduce pair decides its reduction as torch's legacy_get_string does
# (super-gradients' SSD loss: CrossEntropyLoss(reduce=False) then sorts per-element losses along dim 1),
# and an item stored into an object's list (``self.grids[k] = ...``) is what later reads see (its
# YOLOX loss replaces (1,) placeholders with grids: both were false errors).
import torch
from torch import nn
import torch.nn.functional as F

ce = nn.CrossEntropyLoss(reduce=False)
losses = ce(torch.randn(4, 5, 7), torch.randint(0, 5, (4, 7)))
reveal_shape(losses)  # reveal: (4, 7)
_, order = losses.sort(dim=1, descending=True)
reveal_shape(nn.MSELoss(size_average=False)(torch.randn(3, 2), torch.randn(3, 2)))  # reveal: ()
reveal_shape(F.mse_loss(torch.randn(3, 2), torch.randn(3, 2), reduce=False))  # reveal: (3, 2)
reveal_shape(nn.L1Loss(reduce=True, size_average=True)(torch.randn(3, 2), torch.randn(3, 2)))  # reveal: ()


class Loss(nn.Module):
    def __init__(self, levels: int):
        super().__init__()
        self.grids = [torch.zeros(1)] * levels

    def forward(self, predictions):
        out = []
        for k, output in enumerate(predictions):
            b, a, h, w, n = output.shape
            if self.grids[k].shape[2:4] != output.shape[2:4]:
                yv, xv = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
                self.grids[k] = torch.stack((xv, yv), 2).view(1, 1, h, w, 2).float()
            out.append(self.grids[k].view(1, a * h * w, 2))
        return out


reveal_shape(Loss(1)([torch.randn(2, 1, 4, 4, 6)])[0])  # reveal: (1, 16, 2)
