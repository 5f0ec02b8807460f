# shapecheck-options: strict
# A parameter of unknown kind that a callee takes as a size is that size in the caller too, one dim
# for every call passing it (timm's mixup_target passes num_classes to one_hot twice: the two
# results were (d, num_classes) and (d', num_classes'), a spurious --strict warning). Flattening
# a parameter of unknown rank gives its whole size, one dim per run (x.view(-1) twice: one length).
# (Each call still makes up its own x.shape[0]: a dim of the caller's parameter that the callee
# reads is the callee run's, and a reused summary renames what its run made.)
import numpy as np


def rows(x, n):
    return np.zeros((x.shape[0], n))


def both(x, n):
    a = rows(x, n)
    b = rows(x, n)
    reveal_shape(a)  # reveal: (x.shape[0], n)
    return a.sum(0) + b.sum(0)


def flattened_twice(x):
    a = np.ravel(x)
    b = np.reshape(x, -1)
    c = np.reshape(x, (-1, 1))
    reveal_shape(c)  # reveal: (prod(x.shape[0:]), 1)
    return a + b


def still_checked(x, n):
    a = rows(x, n)
    return a + np.zeros((3, 4))  # warning: SC120, SC120


both(np.ones((5, 2)), 3)
flattened_twice(np.ones((2, 3)))
