# ``t.tolist()`` on a tensor: nested lists of Python numbers, one level per dim (ints for an integer
# tensor, so an item can size another tensor).
import torch

t = torch.ones(2, 5, dtype=torch.int64)
reveal_shape(torch.tensor(t.tolist()))  # reveal: (2, 5)
reveal_shape(torch.tensor(t.tolist()[1]))  # reveal: (5,)
assert len(t.tolist()) == 2
