# An object handed to code the analysis does not follow may be called back through its `__call__`,
# as a bound method handed so may: what `__call__` (and the methods it calls on its object) stores
# is known by name only from then on. landlab's `network.for_each(collector)` fills the collector's
# list of coordinates; it stayed the constructor's empty list, and `np.asarray(...)[:, 1]` was a
# false SC105.
import numpy as np


class Collector:
    def __init__(self, grid):
        self._grid = grid
        self._xy = []

    def __call__(self, segment):
        self._add(segment)

    def _add(self, segment):
        self._xy.extend(zip(self._grid.x[segment], self._grid.y[segment]))

    @property
    def xy(self):
        return self._xy


class Plain:
    def __init__(self):
        self._xy = []

    def xy(self):
        return self._xy


def coordinates(network, grid):
    collector = Collector(grid)
    network.for_each(collector)
    xy = np.asarray(collector.xy)
    return xy[:, 1], xy[:, 0]


def not_called_back(network):
    plain = Plain()
    network.for_each(plain)
    return np.asarray(plain.xy())[:, 1]  # error: SC105
