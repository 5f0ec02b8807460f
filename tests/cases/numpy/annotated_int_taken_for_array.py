# A parameter annotated ``int`` is a number -- but not where the body takes it for an array: walks
# it with ``np.ndenumerate``, iterates it or asks its ``len``, which no int allows. aeon's interval
# tree annotates ``thresholds: int`` and walks the 2-d array its caller passes with
# ``for (_, att), threshold in np.ndenumerate(thresholds)``: a false SC107 (the 0-d index of a
# number has no two parts to unpack). An ``int`` used as one stays a number.
import numpy as np


def best_split(X, thresholds: int, depth: int):
    best = 0.0
    for (_, att), threshold in np.ndenumerate(thresholds):
        best = max(best, float(np.mean(X[:, att] < threshold)))
    return best


def rows_of(sizes: int):
    return [np.zeros(s) for s in sizes]


def how_many(names: int):
    return len(names)


def a_number(n: int):
    reveal_shape(np.zeros(n))  # reveal: (n,)
    for (i,), v in np.ndenumerate(np.zeros(n)):
        pass
    return n


def a_number_unpacked(n: int):
    for (a, b), v in np.ndenumerate(np.zeros(n)):  # error: SC107
        pass


X = np.random.rand(10, 3)
best_split(X, np.linspace(X.min(axis=0), X.max(axis=0), 5), 0)
rows_of([2, 3])
how_many(["a", "b"])
a_number(4)
