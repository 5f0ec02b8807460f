"""A parameter the body rebinds prints as it came in, not as it leaves (issue 14: minGPT's
``Block.forward`` printed ``x`` as the result of ``x = x + self.attn(...)``); a dim nothing in the
code names prints as how the code reaches it, or as a numbered placeholder in a result."""
import numpy as np


def attn(x):  # signature: def attn(x: (B, T, C)) -> (B, T, 8)
    B, T, C = x.shape
    return x @ np.ones((C, 8))


def block(x):  # signature: def block(x: (B, T, C)) -> (B, T, 8)
    x = x + attn(x)
    return x


def rebound(x):  # signature: def rebound(x: (n, k)) -> (n, k*2)
    n, k = x.shape
    x = np.concatenate([x, x], axis=1)
    return x


def split(x, h: int):  # signature: def split(x: (B, T, C), h: int) -> (B, T, h, C//h)
    B, T, C = x.shape
    return x.reshape(B, T, h, C // h)


class Config:
    n_head = None


def heads(x, config):  # signature: def heads(x: (B, T, C), config) -> (B, T, config.n_head, C//config.n_head)
    B, T, C = x.shape
    return x.reshape(B, T, config.n_head, C // config.n_head)
