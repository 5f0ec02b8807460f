# Under `from __future__ import annotations` every annotation is a string at run time; shapecheck
# reads them from the source all the same.
from __future__ import annotations

from typing import Literal

import numpy as np
import numpy.typing as npt


def project(x: np.ndarray[tuple[int, Literal[3]], np.dtype[np.float64]],
            w: np.ndarray[tuple[Literal[3], Literal[2]], np.dtype[np.float64]]) -> np.ndarray[tuple[int, Literal[2]], np.dtype[np.float64]]:
    reveal_shape(x)  # reveal: (d, 3)
    return x @ w


def flat(x: npt.NDArray[np.float64]) -> np.ndarray[tuple[int], np.dtype[np.float64]]:
    return x.reshape(-1)


def too_many(x: np.ndarray[tuple[int, int], np.dtype[np.float64]]) -> np.ndarray[tuple[int], np.dtype[np.float64]]:
    return x  # error: SC202


out = project(np.zeros((10, 3)), np.zeros((3, 2)))
reveal_shape(out)  # reveal: (10, 2)
project(np.zeros((10, 4)), np.zeros((3, 2)))  # error: SC202
reveal_shape(flat(np.zeros((2, 3))))  # reveal: (6,)
