import numpy as np
from typing import Literal


def rank2(x: np.ndarray[tuple[int, int], np.dtype[np.float64]]) -> np.ndarray[tuple[int], np.dtype[np.float64]]:
    reveal_shape(x)  # reveal: (d, d')
    return x.sum(axis=0)


def wrong_rank(x: np.ndarray[tuple[int, int], np.dtype[np.float64]]) -> np.ndarray[tuple[int], np.dtype[np.float64]]:
    return x  # error: SC202


def three(x: np.ndarray[tuple[Literal[3]], np.dtype[np.float64]]):
    return x


ok = rank2(np.zeros((2, 2)))
bad = rank2(np.zeros(3))  # error: SC202
t = three(np.zeros(4))  # error: SC202
