# NumPy's own typing form: ndarray[ShapeT, dtype[ScalarT]] and numpy.typing.NDArray.
import typing
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import typing_extensions
from numpy.typing import NDArray


def literal_rows(x: np.ndarray[tuple[Literal[3], int], np.dtype[np.float32]]) -> np.ndarray[tuple[int], np.dtype[np.float32]]:
    reveal_shape(x)  # reveal: (3, d)
    return x[0]


def qualified_literals(x: np.ndarray[tuple[typing.Literal[2], typing_extensions.Literal[5]], np.dtype[Any]]):
    reveal_shape(x)  # reveal: (2, 5)
    return x


def zero_d(x: np.ndarray[tuple[()], np.dtype[np.float64]]):
    reveal_shape(x)  # reveal: ()


def any_rank(x: np.ndarray[tuple[int, ...], np.dtype[np.float64]], y: np.ndarray[Any, np.dtype[np.int64]]):
    reveal_shape(x)  # reveal: ?
    reveal_shape(y)  # reveal: ?


def nd_array(x: npt.NDArray[np.float64], y: NDArray[np.bool_], z: np.typing.NDArray[Any]):
    reveal_shape(x)  # reveal: ?
    reveal_shape(y)  # reveal: ?
    reveal_shape(z)  # reveal: ?


def quoted(x: "np.ndarray[tuple[Literal[2], int], np.dtype[np.float64]]") -> "np.ndarray[tuple[Literal[2]], np.dtype[np.float64]]":
    reveal_shape(x)  # reveal: (2, d)
    return x.sum(axis=1)


def wrong_return(x: np.ndarray[tuple[Literal[3], int], np.dtype[np.float64]]) -> np.ndarray[tuple[Literal[4]], np.dtype[np.float64]]:
    return x[:, 0]  # error: SC202


def right_return() -> np.ndarray[tuple[Literal[4], Literal[2]], np.dtype[np.float64]]:
    return np.zeros((4, 2))


row = literal_rows(np.zeros((3, 7), dtype=np.float32))
reveal_shape(row)  # reveal: (7,)
literal_rows(np.zeros((4, 7), dtype=np.float32))  # error: SC202
literal_rows(np.zeros(3, dtype=np.float32))  # error: SC202
qualified_literals(np.zeros((2, 5)))
qualified_literals(np.zeros((5, 2)))  # error: SC202
zero_d(np.zeros(()))
zero_d(np.zeros(1))  # error: SC202
any_rank(np.zeros((1, 2, 3)), np.zeros(4, dtype=np.int64))
nd_array(np.zeros(2), np.zeros((2, 2), dtype=bool), np.zeros(()))
reveal_shape(quoted(np.zeros((2, 6))))  # reveal: (2,)
quoted(np.zeros((6, 2)))  # error: SC202
