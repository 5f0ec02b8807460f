# One list bound to two places (``res = self._ordered = []``, ``d = c``) is one list: appending
# through one place appends through the other. TeNPy's MPO graph orders its states with
# ``res = self._ordered_states = []`` and appends to ``res``; taken for two lists,
# ``self._ordered_states`` stayed empty, and ``assert len(legs) == L + 1`` was a false SC201 (an
# SC110 at every caller). A list made anew for each place stays its own.
import numpy as np


class Graph:
    def __init__(self, n: int):
        self.states = [set() for _ in range(n + 1)]
        self._ordered = None

    def order(self):
        res = self._ordered = []
        for s in self.states:
            res.append(sorted(s))

    def legs(self):
        self.order()
        return [np.zeros(len(s) + 1) for s in self._ordered]


def build(n: int):
    g = Graph(n)
    legs = g.legs()
    assert len(legs) == n + 1
    return legs


def names():
    c = []
    d = c
    d.append(np.zeros(3))
    reveal_shape(c[0])  # reveal: (3,)
    a = b = []
    a.append(np.ones((2, 2)))
    reveal_shape(b[0])  # reveal: (2, 2)
    b.append(np.ones(5))
    reveal_shape(a[1])  # reveal: (5,)
    assert len(a) == 2


def apart():
    e = []
    f = []
    e.append(np.zeros(4))
    reveal_shape(e[0])  # reveal: (4,)
    reveal_shape(np.zeros(len(f)))  # reveal: (0,)


build(3)
names()
apart()
