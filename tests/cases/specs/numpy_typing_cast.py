# typing.cast(T, value): the value takes T's shape (the user's word); a value whose known shape can
# never be T's is SC202.
import typing
from typing import Literal, cast

import numpy as np
import typing_extensions
from jaxtyping import Float

Rows3 = np.ndarray[tuple[Literal[3], int], np.dtype[np.float64]]


def from_unknown(v):
    a = cast(np.ndarray[tuple[Literal[3], int], np.dtype[np.float64]], v)
    reveal_shape(a)  # reveal: (3, d)
    b = typing.cast("np.ndarray[tuple[Literal[4]], np.dtype[np.float64]]", v)
    reveal_shape(b)  # reveal: (4,)
    c = typing_extensions.cast(Rows3, v)
    reveal_shape(c)  # reveal: (3, d)
    d = cast(Float[np.ndarray, "n 2"], v)
    reveal_shape(d)  # reveal: (n, 2)
    return a


def narrows(x: np.ndarray[tuple[int, int], np.dtype[np.float64]]):
    y = cast(Rows3, x)
    reveal_shape(y)  # reveal: (3, d)
    return y


known = cast(Rows3, np.zeros((3, 5)))
reveal_shape(known)  # reveal: (3, 5)
wrong_dim = cast(Rows3, np.zeros((4, 5)))  # error: SC202
reveal_shape(wrong_dim)  # reveal: (3, d)
wrong_rank = cast(Rows3, np.zeros(4))  # error: SC202
same = cast(int, np.zeros((2, 2)))
reveal_shape(same)  # reveal: (2, 2)
