# A method handed to code that is not followed as a callback (``register_forward_hook(self._hook)``) may
# run whenever that code calls it: what it stores on its object is known by name only after the
# registration. torchgeo 0.7's BYOL wrapper returns the ``self._encoded`` its hook fills, which
# its constructor set to ``torch.empty(0)``: a false SC110 through the projection MLP.
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.BatchNorm1d(hidden))

    def forward(self, x):
        return self.mlp(x)


class Wrapper(nn.Module):
    def __init__(self, model: nn.Module, size: int = 8):
        super().__init__()
        self.model = model
        self.size = size
        self._encoded = torch.empty(0)
        layer = list(self.model.children())[-2]
        layer.register_forward_hook(self._hook)

    def _hook(self, module, input, output):
        self._encoded = output.flatten(start_dim=1)

    def forward(self, x):
        _ = self.model(x)
        return self._encoded


class BYOL(nn.Module):
    def __init__(self, model: nn.Module):
        super().__init__()
        self.backbone = Wrapper(model)
        self.predictor = MLP(8, 16)
        self.backbone(torch.zeros(2, 3, 8, 8))

    def forward(self, x):
        return self.predictor(self.backbone(x))
