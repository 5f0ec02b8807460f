import numpy as np

t = np.zeros(())
if t.ndim != 1 or t[1:].sum() > 0:
    pass
u = np.zeros((3,))
ok = u.ndim == 1 and u[2] > 0
bad = u.ndim == 1 and u[3] > 0  # error: SC105


def f(x):
    n, = x.shape
    if n == 0 or x[0] > 0:
        return x
    return x[1:]


def g(x):
    n, = x.shape
    first = x[0] if n > 0 else 0.0
    return first


z = np.zeros(0)
w = z[0] if z.shape[0] > 0 else None
