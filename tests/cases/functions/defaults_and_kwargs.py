import numpy as np


def make(n, m=4, *, fill=0.0):
    return np.full((n, m), fill)


reveal_shape(make(3))  # reveal: (3, 4)
reveal_shape(make(3, m=5))  # reveal: (3, 5)
reveal_shape(make(2, 2, fill=1.0))  # reveal: (2, 2)


def stack_all(*arrays, axis=0):
    return np.stack(arrays, axis=axis)


reveal_shape(stack_all(np.zeros(3), np.zeros(3)))  # reveal: (2, 3)
bad = stack_all(np.zeros(3), np.zeros(4))  # error: SC110

square = lambda a: a @ a
reveal_shape(square(np.zeros((3, 3))))  # reveal: (3, 3)
oops = square(np.zeros((3, 4)))  # error: SC110


def recurse(x, depth):
    if depth == 0:
        return x
    return recurse(x[1:], depth - 1)


r = recurse(np.zeros(10), 3)
