# ``try: c = list(c)`` / ``except TypeError: c = [c]`` asks whether a value is iterable. Where what the
# value is decides it, only the way Python takes runs: a list or a tuple never reaches the handler, a
# number never finishes the body. ldpc 2.4.1's ring element keeps ``np.array(...)`` of the result and
# asserts it is 1-d; the handler's ``[()]`` joined in made ``Ring(())`` 2-d, a false SC110. And an
# object's attributes a handler stores are joined with the body's, as a branch's are: the handler
# starts from the object as the body found it.
import numpy as np


def as_coefficients(c):
    try:
        c = list(c)
    except TypeError:
        c = [c]
    return np.array(c)


reveal_shape(as_coefficients(()))  # reveal: (0,)
reveal_shape(as_coefficients([1, 2]))  # reveal: (2,)
reveal_shape(as_coefficients((4, 5, 6)))  # reveal: (3,)
reveal_shape(as_coefficients(3))  # reveal: (1,)
reveal_shape(as_coefficients(np.ones((2, 3))))  # reveal: (2, 3)


def count(c):
    try:
        n = len(c)
    except TypeError:
        n = 1
    return np.zeros(n)


reveal_shape(count([1, 2, 3]))  # reveal: (3,)
reveal_shape(count(2.5))  # reveal: (1,)
reveal_shape(count(np.ones((4, 2))))  # reveal: (4,)


class Ring:
    def __init__(self, coefficients):
        try:
            self.coefficients = list(coefficients)
        except TypeError:
            self.coefficients = [coefficients]
        self.coefficients = np.array(self.coefficients).astype(int)
        try:
            assert len(self.coefficients.shape) == 1
        except AssertionError:
            raise TypeError("a ring element's coefficients are one list")


Ring(())
reveal_shape(Ring([0]).coefficients)  # reveal: (1,)
reveal_shape(Ring(np.arange(3) * -1).coefficients)  # reveal: (3,)
reveal_shape(Ring(7).coefficients)  # reveal: (1,)


class Loaded:
    def __init__(self, source, width):
        # what the handler stores joins what the body stored: either may be the object's after it
        try:
            self.table = np.ones((len(source), width))
        except TypeError:
            self.table = np.ones((1, width))
        self.total = self.table.sum(axis=0)


reveal_shape(Loaded([1, 2], 4).total)  # reveal: (4,)
reveal_shape(Loaded([1, 2], 4).table)  # reveal: (j, 4)
reveal_shape(Loaded(7, 4).table)  # reveal: (j, 4)
