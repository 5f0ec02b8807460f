# The entry of a dict of a few functions or classes under a key not known is one of them: a call
# calls each and joins their results. An object's ``obj[key]`` calls its class's own ``__getitem__``
# (a dataset's ``ds[i]``). A function chosen by an ``if`` stays unknown: its results, joined apart
# from the choice, would lose which went with which (two views of one chosen function).
import numpy as np

OPS = {"sum": np.add, "product": np.multiply, "hypot": np.hypot}


class Windows:
    def __init__(self, data, width):
        self.data = data
        self.width = width

    def __getitem__(self, i):
        return self.data[i:i + self.width] * np.ones((self.width, 1))


def combine(total):
    op = np.add if total else np.multiply
    reveal_shape(op(np.ones((4, 1)), np.ones(3)))  # reveal: ?
    return op


def by_name(name):
    a, b = np.ones((4, 3)), np.ones((1, 3))
    reveal_shape(OPS[name](a, b))  # reveal: (4, 3)
    reveal_shape(OPS["hypot"](a, b))  # reveal: (4, 3)
    combine(name == "sum")


def windows():
    w = Windows(np.arange(20.0), 5)
    reveal_shape(w[3])  # reveal: (5, 5)
    reveal_shape(w[np.int64(3)])  # reveal: (5, 5)
    return w
