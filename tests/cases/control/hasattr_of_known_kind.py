# `hasattr(x, "name")` where x's kind is known answers as Python does: s2fft's `spin: int = 0` takes
# its array branch only `if hasattr(spin, "__len__")`; an int taken into it was a 0-d operand of
# `einsum("nlm,n->nlm", ...)`, a false SC107. A list passed there has a length, so its branch runs.
import numpy as np


def rotate(f, spin: int = 0):
    if hasattr(spin, "__len__"):
        return np.einsum("nlm,n->nlm", f, (-1) ** np.abs(spin))
    return f * (-1) ** np.abs(spin)


def per_field():
    reveal_shape(rotate(np.zeros((3, 4, 5)), 2))  # reveal: (3, 4, 5)
    return rotate(np.zeros((3, 4, 5)), [0, 1, 2])


def named(x, label: str = "x"):
    if hasattr(label, "upper"):
        return np.dot(np.zeros(3), np.zeros(4))  # error: SC102
    return x
