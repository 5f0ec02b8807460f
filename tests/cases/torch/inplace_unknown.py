# A torch tensor's `+=` is in place: it keeps the tensor's shape (or raises) whatever the right side,
# so an optional embedding (None or a parameter, not known which) leaves x as it was.
import torch
from torch import nn


class Embed(nn.Module):
    def __init__(self, kind, n, dim):
        super().__init__()
        if kind == 'none':
            self.pos = None
        else:
            self.pos = nn.Parameter(torch.zeros(1, n, dim))

    def forward(self, x):
        b, n, d = x.shape
        if self.pos is not None:
            x += self.pos
        reveal_shape(x)  # reveal: (b, n, d)
        return x


def known(x):
    y = torch.ones(2, 3)
    y += torch.ones(3)
    reveal_shape(y)  # reveal: (2, 3)
    y += torch.ones(4, 2, 3)  # error: SC101
    return y


def masked_tokens(text, mask_of):
    # a parameter of unknown rank stays (*text) through an in-place update with an unknown operand
    text *= mask_of(text)
    reveal_shape(torch.exp(text))  # reveal: (*text)
    return text
