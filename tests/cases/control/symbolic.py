import numpy as np


def f(x, y):
    n, k = x.shape
    assert y.shape == (k, 3)
    z = x @ y
    reveal_shape(z)  # reveal: (n, 3)
    return z


def g(x):
    n, m = x.shape
    if n != m:
        raise ValueError("square only")
    return x @ x


def h(x):
    n, = x.shape
    a = x.reshape(n, 1) * x.reshape(1, n)
    reveal_shape(a)  # reveal: (n, n)
    b = x[1:]
    reveal_shape(b)  # reveal: (n-1,)
    c = np.concatenate([x, x])
    reveal_shape(c)  # reveal: (n*2,)
    return a


def never(x):
    n, m = x.shape
    y = x.reshape(n + 1, m + 1)  # error: SC103
    return y


def contradiction(x):
    n, m = x.shape
    assert n == 3
    assert n == 4  # error: SC201
