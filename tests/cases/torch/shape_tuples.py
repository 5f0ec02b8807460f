"""A parameter's dims as a value: ``x.shape`` of a parameter nothing fixes is its dims, ``(*x)``, and
stays exact through what torch.Size does as a tuple (torch.Size subclasses tuple: indexing gives an int,
slicing a torch.Size, ``+`` a tuple joined after it). transformers writes every attention this way:
``hidden_shape = (*hidden_states.shape[:-1], -1, head_dim)`` then ``q_proj(h).view(hidden_shape)``.
Where the rank decides which dims a result holds, it stays unknown: no rank is made up."""
import torch
from torch import nn


def slices(x):
    # tuple slicing (Python's sequence semantics, which torch.Size keeps): a bound counted from the
    # end cuts dims off x's end, one from the start off its front
    reveal_shape(torch.zeros(x.shape[:-1]))  # reveal: (*x[:-1])
    reveal_shape(torch.zeros(x.shape[1:]))  # reveal: (*x[1:])
    reveal_shape(torch.zeros(x.shape[1:-1]))  # reveal: (*x[1:-1])
    reveal_shape(torch.zeros(x.shape[-2:]))  # reveal: (x.shape[-2], x.shape[-1])
    reveal_shape(torch.zeros(x.shape[:2]))  # reveal: (x.shape[0], x.shape[1])
    reveal_shape(torch.zeros(x.shape[-3:-1]))  # reveal: (x.shape[-3], x.shape[-2])
    reveal_shape(torch.zeros(x.size()[:-1]))  # reveal: (*x[:-1])
    reveal_shape(torch.zeros(x.shape[-1:-3]))  # reveal: ()
    return x


def items(x):
    # an index gives the dim there: the same one wherever the run takes it off x
    reveal_shape(torch.zeros(x.shape[-1], x.size(-1), x.size()[0], x.shape[0]))  # reveal: (x.shape[-1], x.shape[-1], x.shape[0], x.shape[0])
    return x


def spread_into_tuples(x, config):
    # ``(*s, 4)`` and ``s + (4,)`` are one tuple: s's dims, then 4; ``(2,) + s`` puts 2 first
    reveal_shape(torch.zeros((*x.shape[:-1], 4)))  # reveal: (*x[:-1], 4)
    reveal_shape(torch.zeros(x.shape[:-1] + (4,)))  # reveal: (*x[:-1], 4)
    reveal_shape(torch.zeros((2,) + x.shape))  # reveal: (2, *x)
    # a config's size joined on is a named int, as in a tuple display (GPT-2's Conv1D:
    # ``size_out = x.size()[:-1] + (self.nf,)`` where ``nf`` is ``config.hidden_size``)
    reveal_shape(torch.zeros(x.shape[:-1] + (config.hidden_size,)))  # reveal: (*x[:-1], config.hidden_size)
    reveal_shape(torch.zeros((config.heads,) + x.shape[1:]))  # reveal: (config.heads, *x[1:])
    # torch.zeros(*size) and Tensor.new_zeros take the sizes spread or as one tuple
    reveal_shape(torch.zeros(*x.shape[:-1], 4))  # reveal: (*x[:-1], 4)
    reveal_shape(torch.zeros(2, *x.shape))  # reveal: (2, *x)
    reveal_shape(x.new_zeros(x.shape[1:]))  # reveal: (*x[1:])
    return x


class Attention(nn.Module):
    """transformers' LlamaAttention, its projections and reshapes (Tensor.view(*shape): one -1, inferred)."""

    def __init__(self, hidden, heads):
        super().__init__()
        self.head_dim = hidden // heads
        self.q_proj = nn.Linear(hidden, heads * self.head_dim)
        self.o_proj = nn.Linear(heads * self.head_dim, hidden)

    def forward(self, hidden_states):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        q = self.q_proj(hidden_states)
        reveal_shape(q)  # reveal: (*hidden_states[:-1], head_dim*heads)
        reveal_shape(q.view(hidden_shape))  # reveal: (*hidden_states[:-1], heads, head_dim)
        reveal_shape(q.view(*input_shape, -1, self.head_dim))  # reveal: (*hidden_states[:-1], heads, head_dim)
        reveal_shape(q.reshape(*input_shape, self.head_dim, -1))  # reveal: (*hidden_states[:-1], head_dim, heads)
        # the heads folded back: (*input_shape, -1) of (*h[:-1], heads, head_dim) is (*h[:-1], heads*head_dim)
        out = q.view(hidden_shape).reshape(*input_shape, -1)
        reveal_shape(out)  # reveal: (*hidden_states[:-1], head_dim*heads)
        return self.o_proj(out)


class BadHeads(nn.Module):
    """12 features do not split into heads of 5: Tensor.view raises for every batch shape."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 12)

    def forward(self, x):
        return self.proj(x).view(*x.shape[:-1], -1, 5)  # error: SC103


def joins(x, flag: bool):
    # one middle in both branches: dim by dim
    s = x.shape[:-1] + (4,) if flag else x.shape[:-1] + (5,)
    reveal_shape(torch.zeros(s))  # reveal: (*x[:-1], j)
    # a known rank in one branch, x's in the other: no one rank
    t = x.shape[:-1] if flag else (3, 4)
    reveal_shape(torch.zeros(t))  # reveal: ?
    # a different cut of x in each: which dims is not one answer
    u = x.shape[1:] if flag else x.shape[:-1]
    reveal_shape(torch.zeros(u))  # reveal: ?
    return x


def stays_unknown(x, y):
    # the rank decides which dims these hold (or whether a bound falls before or after the end)
    reveal_shape(torch.zeros((*x.shape, 5)[2:]))  # reveal: ?
    reveal_shape(torch.zeros(x.shape[-1:2]))  # reveal: ?
    reveal_shape(torch.zeros(x.shape[::2]))  # reveal: ?
    # two parts of unknown length: nothing at a fixed place
    reveal_shape(torch.zeros(x.shape + y.shape))  # reveal: ?
    reveal_shape(torch.zeros((*x.shape, *y.shape)))  # reveal: ?
    return x


def conversions(x):
    # tuple(torch.Size) is a tuple of the same ints
    reveal_shape(torch.zeros(tuple(x.shape[1:])))  # reveal: (*x[1:])
    return x


def compared(x, y):
    # a dim read off x is a dim of x: a branch on it is a fact about x (Python's == on ints)
    if x.shape[-1] != 16:
        raise ValueError("need 16 features")
    reveal_shape(torch.zeros(x.shape[-1]).view(4, 4))  # reveal: (4, 4)
    return torch.zeros(x.shape[-1]).view(5, 3)  # error: SC103
