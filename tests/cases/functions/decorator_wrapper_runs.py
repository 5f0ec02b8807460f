# A decorator of the project's own that returns a wrapper of its own (a closure over the function)
# gives the name that wrapper: a call runs it, as Python does. neurodsp's `@multidim` runs the body
# on each row of a 2-d signal and stacks the results; the body run on the 2-d signal itself gave a
# 0-d mean, and `len()` of the call's result a false SC107.
from functools import wraps

import numpy as np


def per_row(func):
    @wraps(func)
    def wrapper(sig, *args, **kwargs):
        if sig.ndim == 1:
            return func(sig, *args, **kwargs)
        return np.array([func(row, *args, **kwargs) for row in sig])
    return wrapper


def with_options(scale=1.0):
    def decorator(func):
        def wrapper(x):
            return func(x.reshape(-1)) * scale
        return wrapper
    return decorator


@per_row
def mean_power(sig):
    return np.mean(sig ** 2)


@with_options(scale=2.0)
def total(v):
    return v.sum(axis=0)


reveal_shape(mean_power(np.ones(10)))  # reveal: ()
reveal_shape(mean_power(np.ones((3, 10))))  # reveal: (3,)
print(len(mean_power(np.ones((3, 10)))))
# (the factory's `scale` is two closures out, which a call does not read: unknown, where the body
# run on the caller's (2, 5) gave a wrong (5,))
reveal_shape(total(np.ones((2, 5))))  # reveal: ?
mean_power(np.ones((3, 10))) + np.ones(4)  # error: SC101
