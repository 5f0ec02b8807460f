# map over a sequence of known length calls the function once per item.
import torch

qkv = torch.randn(2, 5, 24).chunk(3, dim=-1)
q, k, v = map(lambda t: t.reshape(2, 5, 4, 2).transpose(1, 2), qkv)
reveal_shape(q)  # reveal: (2, 4, 5, 2)
dots = torch.matmul(q, k.transpose(-1, -2))
reveal_shape(dots)  # reveal: (2, 4, 5, 5)
lengths = list(map(len, [[1], [2, 3]]))
