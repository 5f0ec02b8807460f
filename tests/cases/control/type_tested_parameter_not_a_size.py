# A parameter a branch uses as a size is that size in the other branch too, unless the test told the
# branches apart by the parameter's type: xgi's ``hist(vals, bins=10)`` makes bins from an int and
# takes a list or an array as it is; with ``bins`` a size in both, ``np.diff(bins)`` was a false SC107.
import numpy as np


def hist(vals, bins=10):
    if isinstance(bins, int):
        bins = np.linspace(np.min(vals), np.max(vals), bins + 1)
    elif not isinstance(bins, (list, np.ndarray)):
        raise ValueError("bins must be an int, a list or an array")
    counts, _ = np.histogram(vals, bins=bins)
    return bins[1:] - np.diff(bins) / 2.0, counts


centers, counts = hist(np.ones(100), bins=8)
reveal_shape(centers)  # reveal: (8,)
edges = np.array([0.0, 0.5, 1.0])
reveal_shape(hist(np.ones(100), bins=edges)[0])  # reveal: (2,)
