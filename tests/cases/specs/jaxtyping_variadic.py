import numpy as np
import jaxtyping as jt
from jaxtyping import Float, Shaped


def last(x: Float[np.ndarray, "*batch d"]) -> Float[np.ndarray, "*batch"]:
    return x.sum(axis=-1)


def ellipsis(x: Shaped[np.ndarray, "... 3"]) -> Shaped[np.ndarray, "... 3"]:
    return x * 2


def unchecked(x: jt.Float[np.ndarray, "_ n"], y: jt.Float[np.ndarray, "#n"]) -> jt.Float[np.ndarray, "_ n"]:
    return x + y


def scalar(x: Float[np.ndarray, ""]) -> Float[np.ndarray, ""]:
    return x


a = last(np.zeros((2, 5, 3)))
reveal_shape(a)  # reveal: (2, 5)
b = last(np.zeros(()))  # error: SC202
c = ellipsis(np.zeros((4, 3)))
d = ellipsis(np.zeros((4, 2)))  # error: SC202
e = unchecked(np.zeros((4, 3)), np.zeros(1))
f = unchecked(np.zeros((4, 3)), np.zeros(3))
g = unchecked(np.zeros((4, 3)), np.zeros(2))  # error: SC202
h = scalar(np.zeros(()))
i = scalar(np.zeros(2))  # error: SC202
