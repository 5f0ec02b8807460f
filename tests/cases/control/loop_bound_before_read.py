# shapecheck-options: strict
# A name every pass of a loop binds before it reads it (the loop's target, ``h = ...`` at the top of
# the body) is never seen at a pass's start: the loop settles without waiting for it, and after the
# loop it holds what the passes bound. A name read before it is bound (``prev``) still carries from
# one pass to the next.
import numpy as np


def layers(blocks, n):
    x = np.zeros((n, 4))
    for w, b in blocks:
        h = x @ np.ones((4, 4))
        x = h + np.ones(4)
    reveal_shape(x)  # reveal: (n, 4)
    reveal_shape(h)  # reveal: (n, 4)
    return w, b


def carried(n):
    prev = np.zeros(3)
    for i in range(n):
        y = prev + np.ones(3)  # warning: SC120
        prev = np.zeros(4)
    return y


def bound_then_grown(n, k):
    for i in range(n):
        h = np.zeros(3)
        h = np.concatenate([h, np.zeros(2)])
    reveal_shape(h)  # reveal: (5,)
    return h
