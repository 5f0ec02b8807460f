# shapecheck-options: strict
# A constructor called with arguments of unknown number (`super().__init__(*args, **kwargs)`) has
# each parameter they may fill as an unknown of its own, as its class's template does: one a size
# names (`torch.zeros(1, 1, embed_dim)`) is that dim wherever it went, `self.embed_dim` too. As
# the one shared unknown, timm's DeiT made `dist_token` of another size than `cls_token`, and
# concatenating them was a spurious --strict warning.
import torch
from torch import nn


class Base(nn.Module):
    def __init__(self, embed_dim=768, depth=2):
        super().__init__()
        self.embed_dim = embed_dim
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))


class Distilled(Base):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.dist_token = nn.Parameter(torch.zeros(1, 1, self.embed_dim))

    def forward(self):
        tokens = torch.cat((self.cls_token, self.dist_token), dim=1)
        reveal_shape(tokens)  # reveal: (1, 2, embed_dim)
        return tokens
