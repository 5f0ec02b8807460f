# A call whose callee surely raises by its own ``raise`` (every way through its body ends in one, for
# the call's arguments) ends a ``try`` body whose handlers catch it, as a failing op does: numpy's
# ``_check_multi_index`` mimics an index with ``_get_multi_index``, which raises IndexError for an
# index of too many axes, and returns from its handler; the comparison after the ``try`` never meets
# such an index (two false SC110 in numpy's own tests). A callee that raises only on a branch not
# known lets the body go on.
import numpy as np


def mimic(arr, index):
    if len(index) > arr.ndim:
        raise IndexError("too many indices for array")
    return arr[index]


def check(arr, index):
    try:
        expected = mimic(arr, index)
    except Exception:
        return None
    return arr.copy()[index]


def sometimes(arr, index, strict):
    if strict:
        raise IndexError("strict")
    return arr


def check_sometimes(arr, index, strict):
    try:
        expected = sometimes(arr, index, strict)
    except IndexError:
        return None
    return arr.copy()[index]


def not_caught(arr, index):
    try:
        expected = mimic(arr, index)
    except KeyboardInterrupt:
        return None
    return arr.copy()[index]


def caller(flag):
    a = np.ones((3, 4))
    check(a, (0, 0, 0))
    reveal_shape(check(a, (0, slice(None))))  # reveal: ?
    check_sometimes(a, (0, 0, 0), flag)  # error: SC110
    not_caught(a, (0, 0, 0))  # error: SC110
