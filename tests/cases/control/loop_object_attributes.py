# A loop's fixpoint joins what its passes store on the objects in scope, as it joins names: a method
# the body calls changes an object in place (no name changes), and after the loop the attribute is
# what any number of passes leaves. scikit-learn 1.7.2's TreeGrower.grow (``while
# self.splittable_nodes: self.split_next()``, which does ``self.n_nodes += 2``) left n_nodes at 3, as
# if the loop always ran once, and its test's ``assert predictor.nodes.shape[0] == 5`` was a false
# SC201 ("can never hold").
from heapq import heappop, heappush

import numpy as np


class Grower:
    def __init__(self, x):
        self.nodes = []
        self.n_nodes = 1
        self._push(x)

    def _push(self, x):
        if x.sum() > 0:
            heappush(self.nodes, (float(x.sum()), len(self.nodes), x))

    def split_next(self):
        _, _, node = heappop(self.nodes)
        self.n_nodes += 2
        if len(node) > 1:
            self._push(node[1:])
            self._push(node[1:])

    def grow(self):
        while self.nodes:
            self.split_next()

    def make_predictor(self):
        return np.zeros(self.n_nodes)


class Counter:
    def __init__(self):
        self.count = 0


def count_rows(x):
    c = Counter()
    for _ in range(x.shape[0]):
        c.count += 1
    return np.zeros(c.count)


def unrolled():
    c = Counter()
    for _ in range(3):
        c.count += 2
    return np.zeros(c.count)


grower = Grower(np.ones(2))
grower.grow()
predictor = grower.make_predictor()
assert predictor.shape[0] == 7
reveal_shape(count_rows(np.ones((4, 2))))  # reveal: (4,)
reveal_shape(unrolled())  # reveal: (6,)
