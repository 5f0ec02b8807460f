# An assertion on a parameter's rank gives it that rank for the code after, whichever way the rank
# is read: `x.ndim == 1`, `x.dim() == 1` or `len(x.shape) == 1` (diffusers' get_timestep_embedding
# asserts `len(timesteps.shape) == 1`; every Timesteps layer's output was of unknown rank).
import math
import torch
from torch import nn


def get_timestep_embedding(timesteps, embedding_dim: int, max_period: int = 10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32)
    emb = torch.exp(exponent / half_dim)
    emb = timesteps[:, None].float() * emb[None, :]
    return torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)


class Timesteps(nn.Module):
    def __init__(self, num_channels: int):
        super().__init__()
        self.num_channels = num_channels

    def forward(self, timesteps):
        return get_timestep_embedding(timesteps, self.num_channels)


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.time_proj = Timesteps(256)
        self.linear = nn.Linear(256, 64)

    def forward(self, timestep):
        t = self.time_proj(timestep)
        reveal_shape(t)  # reveal: (timesteps.shape[0], 256)
        return self.linear(t)


def masks(mask, waveform):
    assert mask.dim() == 2, "(batch, length)"
    reveal_shape(mask)  # reveal: (mask.shape[0], mask.shape[1])
    assert 1 == len(waveform.shape)
    reveal_shape(waveform[:, None])  # reveal: (waveform.shape[0], 1)
    return mask


def too_many(x):
    assert len(x.shape) == 10**100   # no array has that rank: x stays as it was
    reveal_shape(x)  # reveal: unknown
    return x
