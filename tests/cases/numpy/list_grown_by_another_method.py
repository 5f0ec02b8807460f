# A list the constructor makes empty (``self.training = []``) and another method grows
# (``self.training.append(window)``) is of any length in the class's other methods, whichever ran
# first. pysad's KNN-CAD inverts ``np.dot(np.array(self.training).T, self.training)`` once its
# training set is full; taken for the empty list, that was the 0-d product: a false SC107.
import numpy as np


class Detector:
    def __init__(self, dim: int):
        self.dim = dim
        self.training = []
        self.seen = {}

    def sigma(self):
        return np.linalg.inv(np.dot(np.array(self.training).T, self.training))

    def fit_partial(self, window):
        self.training.append(np.asarray(window, dtype=float))
        self.seen["last"] = window
        if len(self.training) >= self.dim + 2:
            return self.sigma()
        return None

    def first(self):
        return self.training[0]

    def last(self):
        return self.seen["last"]


class Fixed:
    def __init__(self):
        self.rows = []

    def product(self):
        return np.linalg.inv(np.dot(np.array(self.rows).T, self.rows))  # error: SC107


d = Detector(2)
for w in ([1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]):
    d.fit_partial(w)
d.first()
d.last()
