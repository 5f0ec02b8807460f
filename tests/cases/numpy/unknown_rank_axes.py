# Arrays of unknown rank: axes counted from the end that fall in the known suffix (and from the
# start in the known prefix) are the same dims at every rank.
from __future__ import annotations

import numpy as np

try:  # annotations only: the file also runs under NumPy alone (tests/rules/test_cases_run_for_real.py)
    from jaxtyping import Float
except ImportError:
    pass


def reductions(x: Float[np.ndarray, "*batch 5 128"], y: Float[np.ndarray, "3 *batch 4"]):
    reveal_shape(x.sum(-1))  # reveal: (..., 5)
    reveal_shape(x.sum(axis=(-1, -2)))  # reveal: (...)
    reveal_shape(x.mean(-1, keepdims=True))  # reveal: (..., 5, 1)
    reveal_shape(np.max(y, axis=0))  # reveal: (..., 4)
    reveal_shape(x.sum())  # reveal: ()
    reveal_shape(np.cumsum(x, axis=-1))  # reveal: (..., 5, 128)
    reveal_shape(np.quantile(x, [0.1, 0.5], axis=-1))  # reveal: (2, ..., 5)
    bad = x.sum(axis=(-1, -1))  # error: SC104
    unknown = x.sum(0)  # axis 0 may be 5: no error
    reveal_shape(unknown)  # reveal: (...)


def indexing(x: Float[np.ndarray, "*batch 5 128"], y: Float[np.ndarray, "3 *batch 4"]):
    reveal_shape(x[..., 0])  # reveal: (..., 5)
    reveal_shape(x[..., None])  # reveal: (..., 5, 128, 1)
    reveal_shape(x[..., 1:3, :])  # reveal: (..., 2, 128)
    reveal_shape(x[0])  # reveal: (..., 128)
    reveal_shape(x[None])  # reveal: (1, ..., 5, 128)
    reveal_shape(y[0])  # reveal: (..., 4)
    reveal_shape(y[:, None])  # reveal: (3, 1, ..., 4)
    reveal_shape(y[..., ::2])  # reveal: (3, ..., 2)
    bad = x[..., 200]  # error: SC105
    bad = y[5]  # error: SC105
    bad = x[..., 0, ...]  # error: SC107
    fine = x[7]  # the first axis may be 5 or a batch axis: no error


def axes(x: Float[np.ndarray, "*batch 5 128"], y: Float[np.ndarray, "3 *batch 4"], z: Float[np.ndarray, "*b 7 128"]):
    reveal_shape(np.swapaxes(x, -1, -2))  # reveal: (..., 128, 5)
    reveal_shape(np.swapaxes(y, 0, -1))  # reveal: (4, ..., 3)
    reveal_shape(np.moveaxis(x, -1, -2))  # reveal: (..., 128, 5)
    reveal_shape(np.swapaxes(x, 0, -1))  # reveal: (...)
    reveal_shape(np.concatenate([x, z], axis=-2))  # reveal: (..., 12, 128)
    reveal_shape(np.concatenate([x, np.ones((2, 3, 9, 128))], axis=-2))  # reveal: (2, 3, 14, 128)
    reveal_shape(np.concatenate([y, y]))  # reveal: (6, ...)
    bad = np.concatenate([x, z], axis=-1)  # error: SC106
    bad = np.concatenate([x, np.ones((4, 128))], axis=-1)  # error: SC106
    bad = np.concatenate([x, np.ones(128)])  # error: SC106


def widening(x: Float[np.ndarray, "*batch 128"], y: Float[np.ndarray, "*b 5 128"], z: Float[np.ndarray, "3 *b"]):
    reveal_shape(np.atleast_2d(x))  # reveal: (d, ..., 128)
    reveal_shape(np.atleast_3d(x))  # reveal: (d, d', ..., d'')
    reveal_shape(np.atleast_3d(y))  # reveal: (d, d', ..., d'')
    reveal_shape(np.atleast_2d(z))  # reveal: (d, ..., d')
    reveal_shape(np.atleast_1d(z))  # reveal: (3, ...)
