"""Row-group programs (softmax, norms, cross-entropy...) for ``test_row_fusion.py``: a module, so
``shapecheck.jit`` can read their source."""

import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def log_softmax(x):
    t = x - x.max(axis=1, keepdims=True)
    return t - np.log(np.exp(t).sum(axis=1, keepdims=True))


def layernorm(x, g, b):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5) * g + b


def rmsnorm(x, g):
    return x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * g


def cross_entropy(x, y):
    t = x - x.max(axis=1, keepdims=True)
    logp = t - np.log(np.exp(t).sum(axis=1, keepdims=True))
    return -(y * logp).sum(axis=1).mean()


def moments(x):
    m = x.mean(axis=1, keepdims=True)
    return m, ((x - m) ** 2).mean(axis=1, keepdims=True)


def centered_and_scaled(x):
    c = x - x.mean(axis=1, keepdims=True)
    return c, c / np.sqrt((c * c).sum(axis=1, keepdims=True) + 1.0)


def columns_broadcast(x):
    return x - x.mean(axis=1)


def rows_3d(x):
    e = np.exp(x - x.max(axis=(1, 2), keepdims=True))
    return e / e.sum(axis=(1, 2), keepdims=True)


def vector_softmax(v):
    e = np.exp(v - v.max())
    return e / e.sum()


def layernorm_eps(x, g, b, eps):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps * eps) * g + b
