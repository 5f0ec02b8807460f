# shapecheck-options: strict
# A slice read and stored by one statement is one slice: ``h.reshape(-1)[:n * d:d + 1] += r`` adds to
# the diagonal of a flattened hessian (scikit-learn's ``_linear_loss``), and a symbolic step gives the
# read and the store one length, not two that --strict could not tell equal. A parameter's default
# that is a literal number makes it a number in the function's own analysis (``reg=0.0``), and
# ``np.empty((n, n))`` of an unknown ``n`` is square.
import numpy as np


def add_to_diagonal(X, coef, reg=0.0):
    n_samples, n_features = X.shape
    n_dof = n_features + 1
    n = coef.size
    hess = np.empty((n, n))
    if reg > 0:
        hess.reshape(-1)[: (n_features * n_dof) : (n_dof + 1)] += reg
    reveal_shape(hess * reg)  # reveal: (n, n)
    return hess


def strided(x, step: int):
    n, = x.shape
    x[::step + 1] += 1.0
    x[::step + 1] = x[::step + 1] * 2
    return x


def unrelated(x, step: int):
    n, = x.shape
    return x[::step + 1] + x[::step + 2]  # warning: SC120


def square(coef):
    n = coef.size
    a = np.empty((n, n))
    reveal_shape(a + a.T)  # reveal: (n, n)
