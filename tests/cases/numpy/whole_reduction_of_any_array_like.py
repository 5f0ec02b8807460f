# A NumPy ufunc hands a value of unknown kind back in that value's own type (``__array_ufunc__``):
# ``np.abs(df)`` of a pandas DataFrame is a DataFrame, whose ``sum()`` is one value per column. So
# a whole reduction of an array of unknown rank is of unknown shape, not 0-d: causalml's
# ``(np.abs(diffs) > tol).sum()[0]`` (diffs a DataFrame made by a call into pandas) was a false
# SC105. So in a module that works with such tables (it imports pandas, polars, xarray, ...); an
# axis given, or a rank known, reduces as NumPy does.
import numpy as np

try:  # (the case runs under NumPy alone too)
    import pandas as pd
except ImportError:
    pd = None


class Table:
    """Columns of numbers, as a DataFrame is: ufuncs map over it, ``sum()`` sums per column."""

    def __init__(self, columns):
        self.columns = [np.asarray(c, dtype=float) for c in columns]

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        args = [[x.columns[i] if isinstance(x, Table) else x for x in inputs] for i in range(len(self.columns))]
        return Table([ufunc(*a, **kwargs) for a in args])

    def __gt__(self, other):
        return Table([c > other for c in self.columns])

    def sum(self):
        return np.array([c.sum() for c in self.columns])

    def mean(self):
        return np.array([c.mean() for c in self.columns])


def unbalanced(diffs, tol):
    return (np.abs(diffs) > tol).sum()[0]


def first_mean(diffs):
    reveal_shape(np.abs(diffs))  # reveal: ?
    return np.abs(diffs).mean()[0]


def known_rank(n: int):
    x = np.ones((n, 3))
    reveal_shape(np.abs(x).sum())  # reveal: ()
    return np.abs(x).sum()[0]  # error: SC105


def axis_given(x):
    return np.abs(x).sum(axis=0)


table = Table([[1.0, -2.0], [3.0, 0.5]])
unbalanced(table, 1.0)
first_mean(table)
axis_given(np.ones((2, 3)))
