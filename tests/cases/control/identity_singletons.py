# ``is`` against a singleton (None, Ellipsis) is decided where the other side is known: nibabel's
# slicing test skips the one pair of two ellipses (NumPy: "an index can only have a single ellipsis")
# by ``slice0 is Ellipsis``, which was not decided, so the skipped pair was a false SC110.
import numpy as np


def check(index):
    a = np.arange(100).reshape((10, 10))
    return a[index]


def pairs():
    slices = (2, [2], Ellipsis)
    for slice0 in slices:
        maybe_bad = slice0 is Ellipsis
        for slice1 in slices:
            if maybe_bad and slice1 is Ellipsis:
                continue
            check((slice0, slice1))


def the_pair_itself():
    for slice0 in (2, Ellipsis):
        if slice0 is not Ellipsis:
            continue
        check((slice0, Ellipsis))  # error: SC110


reveal_shape(np.zeros(3) if Ellipsis is None else np.zeros(4))  # reveal: (4,)
reveal_shape(np.zeros(3) if ... is Ellipsis else np.zeros(4))  # reveal: (3,)
