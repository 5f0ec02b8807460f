# A torch layer takes a tensor: a Python number raises TypeError there. An argument taken for a number
# only because its annotation says ``int`` is no 0-d tensor to a layer (megatron-core annotates its
# ``tokentype_ids: int = None`` so, gives it to an ``nn.Embedding`` and permutes the result as 3-d:
# a false SC104 while the embedding of a 0-d index was 1-d).
import torch
from torch import nn


class Embedding(nn.Module):
    def __init__(self, types, hidden):
        super().__init__()
        self.tokentype = nn.Embedding(types, hidden)

    def forward(self, tokentype_ids: int = None):
        return self.tokentype(tokentype_ids).permute(1, 0, 2)


reveal_shape(Embedding(2, 8)(torch.zeros(3, 5, dtype=torch.long)))  # reveal: (5, 3, 8)
