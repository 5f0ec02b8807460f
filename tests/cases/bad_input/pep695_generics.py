import numpy as np

type Matrix = np.ndarray
type Pair[T] = tuple[T, T]
type Nested[
    T,  # a comment with a [ bracket
] = list[T]


def project[N: int](x):
    w = np.zeros((100, 10))
    return np.zeros((8, 784)) @ w  # error: SC102


class Stack[T]:
    def push[S](self, item: S) -> S:
        return item


label = "def f[T](x): a string, not a generic"
y = np.zeros((3, 4)) + np.zeros((5,))  # error: SC101
