# An unpacking, ``len()`` or tuple index that fails inside a ``try`` whose handler catches the error Python
# raises is handled, as a failing NumPy op there is: tensorly 0.10.0's ``_validate_contraction_modes`` reads
# ``modes`` as a pair with ``try: modes1, modes2 = modes`` / ``except ValueError: modes1 = modes2 = modes``;
# ``outer`` calls it with ``modes=()`` and its tests with ``(0, 2, 5)``, and each call was a false SC110
# ("cannot unpack 0 values into 2 names"). Outside a ``try`` the same lines still fail.
import numpy as np


def validate(modes):
    try:
        modes1, modes2 = modes
    except ValueError:
        modes1 = modes
        modes2 = modes
    return list(modes1), list(modes2)


a, b = validate(())
c, d = validate((0, 2, 5))


def rows(x):
    try:
        n = len(x.sum())
    except TypeError:
        n = 1
    return n


rows(np.ones(3))


def strict(modes):
    m1, m2 = modes
    return m1


strict(np.ones(3).shape)  # error: SC110
