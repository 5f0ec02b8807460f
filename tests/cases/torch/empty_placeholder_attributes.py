# An empty array stored on an object (``self.kv_cache = torch.tensor([])``) is a placeholder that code
# elsewhere replaces (vllm's attention layers until the engine binds their caches): an array of
# unknown shape to every later read, not one of shape (0,) (vllm's models asserted ``cache.ndim == 4``
# and viewed the caches: 20 false errors).
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, heads: int):
        super().__init__()
        self.heads = heads
        self.kv_cache = torch.tensor([])
        self.states = (torch.tensor([]), torch.empty(0))
        self.per_layer = [torch.tensor([]) for _ in range(2)]


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention(4)

    def forward(self, q):
        cache = self.attn.kv_cache
        assert cache.ndim == 4
        conv_state, ssm_state = self.attn.states
        flat = cache.view(cache.shape[0], -1)
        return q @ ssm_state.transpose(0, 1), flat, self.attn.per_layer[0].size(1)


layer = Layer()
reveal_shape(layer.attn.kv_cache)  # reveal: ?
layer.attn.kv_cache = torch.zeros(2, 16, 4, 8)
reveal_shape(layer.attn.kv_cache)  # reveal: (2, 16, 4, 8)
