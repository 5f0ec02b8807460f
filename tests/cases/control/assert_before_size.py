# shapecheck-options: strict
# A top-level assertion on a parameter known only by name holds for the rest of the body: it is
# assumed when the parameter becomes a named int, as if the assert came after its first use as a
# size (it once decided nothing, and the precondition it states was reported as unproven).
import numpy as np


def asserted_first(dim):
    assert dim == 16
    x = np.zeros((2, dim))
    return x + np.zeros((2, 16))


def asserted_after(dim):
    x = np.zeros((2, dim))
    assert dim == 16
    return x + np.zeros((2, 16))


def divisible(dim):
    assert dim % 8 == 0
    x = np.zeros((3, dim))
    return x.reshape(3, 8, dim // 8)


def not_divisible(dim):
    x = np.zeros((3, dim))
    return x.reshape(3, 8, dim // 8)  # warning: SC120


def contradicted(dim):
    assert dim == 15
    x = np.zeros((2, dim))
    return x + np.zeros((2, 16))  # error: SC101


def in_a_branch(dim, flag):
    if flag:
        assert dim == 16
    x = np.zeros((2, dim))
    return x + np.zeros((2, 16))  # warning: SC120


def rebound(dim):
    assert dim == 16
    dim = dim + 0
    x = np.zeros((2, dim))
    return x + np.zeros((2, 16))  # warning: SC120
