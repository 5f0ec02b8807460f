# `np.histogram(a, bins)` takes a count or the edges. A name passed as `bins` is not named a count
# (an int from then on) unless it is known to be a number: xgi's `hist(vals, bins)` turns an int into
# edges and leaves a list as it is, and naming `bins` an int made `np.diff(bins)` of the edges fail
# (a false SC110 at each call of `hist`).
import numpy as np


def hist(vals, bins=10, log_binning=False):
    lower, upper = np.min(vals), np.max(vals)
    if isinstance(bins, int):
        if log_binning:
            bins = np.logspace(lower, upper, bins + 1, base=10)
        else:
            bins = np.linspace(lower, upper, bins + 1)
    elif not isinstance(bins, (list, np.ndarray)):
        raise ValueError("Bins must be an integer, a list, or a numpy array.")
    y, _ = np.histogram(vals, bins=bins)
    return bins[1:] - np.diff(bins) / 2.0, y


class Stat:
    def __init__(self, values):
        self.values = values

    def dist(self, bins=10, log_binning=False):
        if isinstance(bins, int) and len(set(self.values)) == 1:
            bins = 1
        return hist(np.array(self.values), bins, log_binning)


def counts(vals, n: int):
    y, edges = np.histogram(vals, bins=n)
    reveal_shape(y)  # reveal: (n,)
    reveal_shape(edges)  # reveal: (n + 1,)
    y, edges = np.histogram(vals, bins=np.linspace(0, 1, 5))
    reveal_shape(y)  # reveal: (4,)
    return y
