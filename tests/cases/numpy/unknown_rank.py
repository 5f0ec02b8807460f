# Arrays of unknown rank: a known suffix flows through elementwise ops and matmul, so an error that
# holds for every rank is reported; what depends on the rank is not.
from __future__ import annotations

import numpy as np

try:  # annotations only: the file also runs under NumPy alone (tests/rules/test_cases_run_for_real.py)
    from jaxtyping import Float
except ImportError:
    pass


def model(x):
    h = np.tanh(x @ np.ones((784, 128)))
    reveal_shape(h)  # reveal: (..., 128)
    return h @ np.ones((100, 10))  # error: SC102


def annotated(x: Float[np.ndarray, "*batch 784"]):
    reveal_shape(x)  # reveal: (..., 784)
    h = np.tanh(x @ np.ones((784, 128)))
    reveal_shape(h)  # reveal: (..., 128)
    return h @ np.ones((100, 10))  # error: SC102


def broadcasting(x: Float[np.ndarray, "*batch 5 3"], y: Float[np.ndarray, "*b 3"]):
    reveal_shape(x + np.ones(3))  # reveal: (..., 5, 3)
    reveal_shape(x * np.ones((7, 1, 1)))  # reveal: (..., 5, 3)
    reveal_shape(x - y)  # reveal: (..., 3)
    reveal_shape(np.maximum(x, np.ones((2, 5, 1))))  # reveal: (..., 5, 3)
    reveal_shape(np.where(x > 0, x, 0))  # reveal: (..., 5, 3)
    bad = x + np.ones(4)  # error: SC101
    bad = x * np.ones((4, 3))  # error: SC101
    fine = x + np.ones((4, 1, 1, 1))  # the rank decides: no error


def matmul(x: Float[np.ndarray, "*batch 784"], s: Float[np.ndarray, "*b 6 5"], v: Float[np.ndarray, "*b 5"],
           t: Float[np.ndarray, "*b 4 6 5"]):
    reveal_shape(x @ np.ones(784))  # reveal: (...)
    reveal_shape(np.matmul(s, np.ones((5, 2))))  # reveal: (..., 6, 2)
    reveal_shape(np.ones((3, 1, 4, 6)) @ s)  # reveal: (..., 4, 5)
    reveal_shape(s @ s[..., :5, :])  # reveal: (..., 6, 5)
    reveal_shape(np.ones(6) @ s)  # reveal: (..., 5)
    reveal_shape(np.ones((2, 5)) @ v)  # reveal: (...)
    bad = np.ones((4, 3)) @ s  # error: SC102
    bad = s @ np.ones((3, 2))  # error: SC102
    reveal_shape(t @ np.ones((4, 5, 2)))  # reveal: (..., 4, 6, 2)
    bad = t @ np.ones((3, 5, 2))  # error: SC101
    fine = np.ones((3, 4)) @ v  # v may be (4, 5): no error


def dot(x: Float[np.ndarray, "*batch 784"], y: Float[np.ndarray, "*b 784 10"]):
    reveal_shape(np.dot(x, np.ones((784, 10))))  # reveal: (..., 10)
    reveal_shape(np.dot(np.ones((3, 784)), y))  # reveal: (3, ..., 10)
    reveal_shape(x.dot(np.ones((5, 784, 10))))  # reveal: (..., 5, 10)
    bad = np.dot(x, np.ones((10, 3)))  # error: SC102
    bad = np.dot(x, np.ones(3))  # error: SC102


def tensordot(x: Float[np.ndarray, "*batch 4 5"], y: Float[np.ndarray, "4 5 *b"]):
    reveal_shape(np.tensordot(x, np.ones((4, 5, 6))))  # reveal: (..., 6)
    reveal_shape(np.tensordot(x, np.ones((5, 2)), axes=1))  # reveal: (..., 4, 2)
    reveal_shape(np.tensordot(np.ones((3, 4, 5)), y))  # reveal: (3, ...)
    reveal_shape(np.tensordot(x, y))  # reveal: (...)
    bad = np.tensordot(x, np.ones((5, 4)))  # error: SC102
    bad = np.tensordot(np.ones((2, 5)), y, axes=1)  # error: SC102


def transposes(x):
    h = x @ np.ones((784, 128))
    reveal_shape(h.T)  # reveal: (128, ...)
    return h.T @ np.ones(7)
