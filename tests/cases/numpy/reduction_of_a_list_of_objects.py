# ``np.sum`` of a list makes an array of its items first; items of no known kind (a loop's or a
# comprehension's, ``[P.T * M * P for P in Ps]``) may be objects NumPy does not read as arrays (scipy's
# sparse matrices, a project class), and then the array holds them as objects and their own ``+``
# adds them up: a sparse matrix, not a 0-d array. discretize's ``sdinv(np.sum([...]))`` takes its
# ``.diagonal()``, which was a false SC110. Items known to be arrays reduce to 0-d, as before; a
# literal list of such items (``[a, b]``) was already of no known kind. So in a module that imports a
# library of such objects (scipy, sympy, pandas, ...); in one of arrays alone, the items are taken for
# arrays (whole_reduction_of_a_list_in_a_module_of_arrays.py).
import numpy as np

try:  # (the case runs without scipy too: the import is what the rule reads)
    import scipy.sparse
except ImportError:
    scipy = None


class Diagonal:
    """A diagonal matrix kept as its diagonal: a sparse matrix's ``+``, ``.T`` and ``diagonal()``."""

    def __init__(self, d):
        self.d = np.asarray(d, dtype=float)

    def __add__(self, other):
        return Diagonal(self.d + other.d)

    def __mul__(self, other):
        return Diagonal(self.d * other.d)

    @property
    def T(self):
        return self

    def diagonal(self):
        return self.d


def inner_product(Ps, Mu):
    A = np.sum([P.T * Mu * P for P in Ps])
    return A.diagonal()


def inverse(Ps, Mu):
    return 1.0 / inner_product(Ps, Mu)


def squares(n: int):
    xs = [np.ones((n, 2)) for _ in range(3)]
    total = np.sum([x * x for x in xs])
    reveal_shape(total)  # reveal: ()
    return total


def largest(values):
    return np.argmax([v * 2 for v in values])


Ps = [Diagonal([1.0, 2.0, 3.0]), Diagonal([2.0, 2.0, 2.0])]
reveal_shape(inverse(Ps, Diagonal([1.0, 1.0, 1.0])))  # reveal: ?
squares(4)
reveal_shape(largest([1.0, 3.0, 2.0]))  # reveal: ()
