# numba's ``@guvectorize(sigs, layout)`` and ``@stencil`` compile a function whose calls do not run its body
# on the arguments as they are: a gufunc loops its body over the arguments' loop dims (``g(a, b)`` of a (2, 3)
# ``a`` runs the ``(n),()->(n)`` body per row, its output allocated), a stencil runs its kernel per element
# and returns an array of the input's shape; ``@vectorize`` makes a ufunc, called elementwise as
# ``np.vectorize(f)`` is. numba 0.68.1's own tests and docs examples (``test_gufunc.py``,
# ``doc_examples/test_examples.py``, ``test_stencils.py``) gave 14 false SC110/SC105 when the bodies were run
# on the whole arrays.
import numpy as np
import numba
from numba import guvectorize, int64, stencil, vectorize


@guvectorize([(int64[:], int64, int64[:])], '(n),()->(n)')
def g(x, y, res):
    for i in range(x.shape[0]):
        res[i] = x[i] + y


a = np.arange(6).reshape(2, 3)
result = g(a, np.array([10, 20]))


@vectorize(["float64(float64, float64)"])
def add(x, y):
    return x + y


reveal_shape(add(np.ones((2, 3)), np.ones(3)))  # reveal: (2, 3)


@numba.vectorize
def double(x):
    return x * 2


reveal_shape(double(np.ones(4)))  # reveal: (4,)


@stencil
def kernel(a):
    return a[0, 1] + a[1, 0] + a[0, -1]


B = kernel(np.ones((5, 5)))
first = B[0, 0]
