# A parameter annotated with a project class is an object known by name whose attributes the class
# declares (interp/declared.py): a dataclass field `norm_eps: float`, a constructor's parameter stored
# as it is (`rms_norm_eps=1e-6`, `rope_theta: float`). Such a float broadcasts as a scalar (`x *
# config.rms_norm_eps` keeps x's shape, where an attribute known only by name may be an array), such
# an int is a size named by the code. A default of None, a string, another store or a pytree class
# (jax/vmap_presumed_number.py) declares nothing. A function the object is handed to reads the same
# declarations (transformers' RoPE functions take `config` unannotated).
from dataclasses import dataclass

import torch
import torch.nn as nn
from jaxtyping import Float
from torch import Tensor


@dataclass
class ModelArgs:
    dim: int = 64
    norm_eps: float = 1e-5
    theta: float = 10000.0


class Config:
    def __init__(self, hidden_size=64, rms_norm_eps=1e-6, rope_theta: float = 10000.0, head_dim=None,
                 hidden_act="silu", scale=2):
        self.hidden_size = hidden_size
        self.rms_norm_eps = rms_norm_eps
        self.rope_theta = rope_theta
        self.head_dim = head_dim if head_dim is not None else hidden_size // 4
        self.hidden_act = hidden_act
        self.scale = scale

    def double(self):
        self.scale = self.scale * 2.5


def inverse_frequencies(config, device=None):
    base = config.rope_theta
    dim = int(getattr(config, "head_dim", None) or config.hidden_size // 4)
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))


class Norm(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.eps = args.norm_eps
        self.weight = nn.Parameter(torch.ones(args.dim))

    def forward(self, x: Float[Tensor, "b t d"]):
        reveal_shape(x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))  # reveal: (b, t, d)
        return self.weight * x


def scaled(config: Config, x: Float[Tensor, "b t d"]):
    reveal_shape(x * config.rms_norm_eps)  # reveal: (b, t, d)
    reveal_shape(config.rope_theta ** torch.arange(8))  # reveal: (8,)
    reveal_shape(torch.zeros(config.hidden_size, 3))  # reveal: (config.hidden_size, 3)
    reveal_shape(inverse_frequencies(config))  # reveal: (n,)
    reveal_shape(x * config.scale)  # reveal: ?
    reveal_shape(x * config.head_dim)  # reveal: ?
    return x


def theta_powers(args: ModelArgs):
    reveal_shape(args.theta ** torch.arange(6))  # reveal: (6,)
    return torch.arange(args.dim)
