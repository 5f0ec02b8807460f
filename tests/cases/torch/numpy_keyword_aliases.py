# torch's argument parser takes NumPy's keywords for its own: ``axis=`` for ``dim=``, ``keepdims=``
# for ``keepdim=``. keras 3's torch backend writes ``torch.max(inputs, axis=-1)[0]``: read as a
# reduction of the whole tensor, its ``[0]`` indexed a 0-d value (a false SC105).
import torch

x = torch.zeros(2, 5, 7)
scores = torch.max(x, axis=-1)[0]
reveal_shape(scores)  # reveal: (2, 5)
best = torch.argmax(x, axis=1)
reveal_shape(best)  # reveal: (2, 7)
kept = torch.amax(x, axis=2, keepdims=True)
reveal_shape(kept)  # reveal: (2, 5, 1)
low = torch.min(x, axis=0, keepdims=True).values
reveal_shape(low)  # reveal: (1, 5, 7)
total = torch.sum(x, axis=(0, 2))
reveal_shape(total)  # reveal: (5,)
