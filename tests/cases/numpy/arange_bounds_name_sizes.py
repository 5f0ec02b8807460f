# ``np.arange(dim // 4)`` with ``dim`` a parameter nothing is known of: the bounds of a range of unit
# step are ints, so each unknown name is a dim from here on, as a size's is (``np.zeros((n, 3))``).
# ``dim // 4 - 1`` after it is one too, and dividing the range by it keeps it 1-d: vit-pytorch's
# sin-cos position embeddings (``torch.arange(dim // 4) / (dim // 4 - 1)``) were of unknown rank, and
# every shape after them. A range with a step may be of floats: its bounds name nothing.
import numpy as np


def posemb_sincos_2d(h, w, dim, temperature: int = 10000):
    y, x = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
    omega = np.arange(dim // 4) / (dim // 4 - 1)
    reveal_shape(omega)  # reveal: (dim//4,)
    omega = 1.0 / temperature ** omega
    y = y.flatten()[:, None] * omega[None, :]
    x = x.flatten()[:, None] * omega[None, :]
    reveal_shape(x)  # reveal: (h*w, dim//4)
    return np.concatenate((x, np.sin(x), y, np.cos(y)), axis=1)


def between(lo, hi):
    return np.arange(lo, hi) * (hi - lo)


def stepped(t0, t1, dt):
    return np.arange(t0, t1, dt) * dt


reveal_shape(posemb_sincos_2d(4, 4, 64))  # reveal: (16, 64)
reveal_shape(between(2, 7))  # reveal: (5,)
reveal_shape(stepped(0.0, 1.0, 0.25))  # reveal: (4,)
