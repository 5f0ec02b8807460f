# A recurrent layer whose flags are a constructor's parameters (``bidirectional=bidirectional``) has as many
# directions as the object is built with: the generic analysis of forward does not know how many,
# so ``h[1]`` under ``if self.bidirectional:`` is no error there (pytorchvideo 0.1.5's masked
# LSTM: a false SC105 while an unknown flag was taken for False); each object's call knows.
import torch
from torch import nn

class LSTM(nn.Module):
    def __init__(self, dim_in: int, hidden_dim: int, bidirectional: bool = False):
        super().__init__()
        self.lstm = nn.LSTM(dim_in, hidden_dim, batch_first=True, bidirectional=bidirectional)
        self.bidirectional = bidirectional

    def forward(self, data):
        assert data.dim() == 3
        _, (h, _) = self.lstm(data)
        if self.bidirectional:
            out = torch.cat([h[0, :, :], h[1, :, :]], dim=-1)
        else:
            out = h[-1, :, :]
        return out

reveal_shape(LSTM(4, 8, True)(torch.zeros(2, 5, 4)))  # reveal: (2, 16)
reveal_shape(LSTM(4, 8)(torch.zeros(2, 5, 4)))  # reveal: (2, 8)
