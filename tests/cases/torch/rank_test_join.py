# A branch that brings a parameter of unknown rank to the rank the rest of the code takes
# (`if cond.ndim == 2: cond = rearrange(cond, 'b d -> b 1 d')`): the join after it meets the
# parameter (the other branch) with a 3-d array, so the parameter's likely rank is 3
# (Analysis.join_rank) and a coverage-only re-analysis takes it, where the test is decided. The
# array a rank test itself takes x for (`if x.ndim == 4: ...` leaving x alone) is no such guess.
import torch
from torch import nn
from einops import rearrange


class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_gamma = nn.Linear(dim, dim)

    def forward(self, x, *, condition):
        if condition.ndim == 2:
            condition = rearrange(condition, 'b d -> b 1 d')
        reveal_shape(condition)  # reveal: (condition0, condition1, condition2)
        gamma = self.to_gamma(condition).sigmoid()
        reveal_shape(gamma)  # reveal: (condition0, condition1, dim)
        return x * gamma


class Lift(nn.Module):
    def forward(self, x, y, w):
        if len(x.shape) == 2:
            x = x.unsqueeze(1)
        reveal_shape(x)  # reveal: (x0, x1, x2)
        if y.dim() == 4:
            z = y.flatten(2)
        else:
            z = y
        reveal_shape(z)  # reveal: (y0, y1, y2)
        if w.ndim == 4:
            print(w.sum())
        reveal_shape(w)  # reveal: ?
        return x


class Processor(nn.Module):
    # the rank read into a name first (diffusers' attention processors): the name's test is x's
    def forward(self, hidden_states, other):
        input_ndim = hidden_states.ndim
        if input_ndim == 4:
            hidden_states = hidden_states.flatten(2)
            reveal_shape(hidden_states)  # reveal: (hidden_states.shape[0], hidden_states.shape[1], hidden_states.shape[2]*hidden_states.shape[3])
            hidden_states = hidden_states.transpose(1, 2)
        reveal_shape(hidden_states)  # reveal: (hidden_states0, hidden_states1, hidden_states2)
        rank = other.ndim
        other = other * 2
        if rank == 4:
            reveal_shape(other)  # reveal: unknown
        return hidden_states


class Wrapped(nn.Module):
    # the rank of a value that is no parameter's (an unknown layer's output): a later unknown may be
    # the same shared value, and the test is not about it (diffusers' processors, under --strict)
    def forward(self, x, layer):
        x = layer(x)
        rank = x.ndim
        x = layer(x)
        if rank == 4:
            reveal_shape(x)  # reveal: unknown
        return x
