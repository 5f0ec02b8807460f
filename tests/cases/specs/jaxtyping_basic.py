import numpy as np
from jaxtyping import Float, Int


def layer(x: Float[np.ndarray, "batch 784"], w: Float[np.ndarray, "784 h"]) -> Float[np.ndarray, "batch h"]:
    reveal_shape(x)  # reveal: (batch, 784)
    return x @ w


def wrong_return(x: Float[np.ndarray, "n 3"]) -> Float[np.ndarray, "n"]:
    return x  # error: SC202


def right_return(x: Float[np.ndarray, "n 3"]) -> Float[np.ndarray, "n"]:
    return x.sum(axis=1)


def shared(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y


def expr(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n+1"]:
    return np.concatenate([x, np.zeros(1)])


def bad_expr(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n+1"]:
    return np.concatenate([x, np.zeros(2)])  # error: SC202


def named_const(x: Float[np.ndarray, "rows=4 _"]) -> Int[np.ndarray, "4"]:
    reveal_shape(x)  # reveal: (4, d)
    return np.zeros(4, dtype=int)


y = layer(np.zeros((2, 784)), np.zeros((784, 10)))
reveal_shape(y)  # reveal: (2, 10)
z = layer(np.zeros((2, 783)), np.zeros((784, 10)))  # error: SC202
s = shared(np.zeros((2, 3)), np.zeros((4, 5)))  # error: SC202
