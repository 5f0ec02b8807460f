# ``super().__init__(...)`` where the base is a dataclass runs the constructor dataclasses generate:
# the fields take the arguments, then ``__post_init__`` runs. transformer-lens' bridge config passes
# its fields up so; unset, ``cfg.d_vocab`` was the class's default -1 and ``torch.zeros(cfg.d_vocab)``
# a false SC107.
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Config:
    d_model: int
    d_vocab: int = -1
    layers: list = field(default_factory=list)

    def __post_init__(self):
        self.d_head = self.d_model // 4


class BridgeConfig(Config):
    def __init__(self, d_model, d_vocab=-1, architecture=None, **kwargs):
        super().__init__(d_model=d_model, d_vocab=d_vocab, **kwargs)
        self.architecture = architecture


cfg = BridgeConfig(64, d_vocab=100)
reveal_shape(np.zeros(cfg.d_vocab))  # reveal: (100,)
reveal_shape(np.zeros((cfg.d_model, cfg.d_head)))  # reveal: (64, 16)
assert cfg.layers == []


def embed(sizes):
    c = BridgeConfig(d_model=sizes["d_model"], d_vocab=sizes["d_vocab"])
    return np.zeros((c.d_vocab, c.d_model))
