# A ``try`` body ends at the statement that surely raises what a handler catches, as Python's does: only
# the handlers go on. numpy's ``_check_multi_index`` returns from its handler when mimicking the index
# fails, so the comparison after the ``try`` never meets an index of too many axes (two false SC110).
# Where the failure depends on a branch not known, the body may go on.
import numpy as np


def mimic(arr, index):
    return arr[index]


def check(arr, index):
    try:
        expected = mimic(arr, index)
    except IndexError:
        return None
    return arr.copy()[index]


def caller():
    a = np.ones((3, 4))
    check(a, (0, 0, 0))
    reveal_shape(check(a, (0, slice(None))))  # reveal: ?


def direct():
    a = np.ones((3, 4))
    try:
        b = a @ np.ones((5, 2))
        b = np.ones(9)
    except ValueError:
        b = np.zeros(2)
    reveal_shape(b)  # reveal: (2,)
    return b


def unsure(flag):
    a = np.ones((3, 4))
    try:
        if flag:
            b = a @ np.ones((5, 2))
        else:
            b = a @ np.ones((4, 2))
    except ValueError:
        b = np.zeros((3, 2))
    reveal_shape(b)  # reveal: ?
    return b


reveal_shape(direct())  # reveal: (2,)
