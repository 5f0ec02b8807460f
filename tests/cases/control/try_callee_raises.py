# A call whose callee surely raises by its own ``raise`` (every way through its body ends in one, for
# the call's arguments) ends a ``try`` body whose handlers catch it, as a failing op does: numpy's
# ``_check_multi_index`` mimics an index with ``_get_multi_index``, which raises IndexError for an
# index of too many axes, and returns from its handler; the comparison after the ``try`` never meets
# such an index (two false SC110 in numpy's own tests). A callee that raises only on a branch not
# known lets the body go on, but what follows the ``try`` then runs only where it raised nothing: an
# error there fails the call for some values alone, as after an early return whose condition is not
# known (early_return_unknown.py), and is no error of the call (numpy's ``test_indexing.py``:
# ``_get_multi_index`` rejects the failing index on a way the analysis cannot decide). A body with no
# way to raise, or handlers that catch nothing shape code raises, leave the error the call's.
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


def quiet(arr):
    return arr.sum()


def check_quiet(arr, index):
    try:
        total = quiet(arr)
    except Exception:
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
    check_sometimes(a, (0, 0, 0), flag)
    check_sometimes(a, (0, 0, 0), False)  # error: SC110
    check_quiet(a, (0, 0, 0))  # error: SC110
    not_caught(a, (0, 0, 0))  # error: SC110
