# `if not axs: return []` over a list or dict whose truth is not decided: past the early return it
# is not empty, in the returning branch it is. proplot's constructor reaches `_get_align_axes`
# while `self._subplot_dict` is still `{}`; its `np.array([... for ax in axs])[:, 0]` after the
# early return was taken for an index of the empty list's 1-D array (two false SC105). An attribute
# of an object (`if not self.items:`) is told apart so too.
import numpy as np


class Figure:
    def __init__(self):
        self._subplot_dict = {}
        self.format()

    def format(self):
        return self._get_align_axes("left")

    def _get_align_axes(self, side):
        axs = self._subplot_dict.values()
        if not axs:
            return []
        ranges = np.array([ax.span() for ax in axs])
        return ranges[:, 0]


def rows(items):
    found = []
    for item in items:
        if item.ok:
            found.append(item.row)
    if found:
        reveal_shape(np.array(found))  # reveal: ?
        return np.array(found)
    reveal_shape(np.array(found))  # reveal: (0,)
    return np.zeros((0, 3))


def counts(table):
    seen = {}
    if not seen or not table:
        return np.zeros(0)
    return np.array(list(seen.values()))[:, 0]


def still_fails():
    axs = []
    if not axs:
        return np.ones(3)[:, 0]  # error: SC105
    return axs


class Grid:
    def __init__(self):
        self.items = []

    def edges(self):
        if not self.items:
            return np.zeros((0, 2))
        return np.array(self.items)[:, 0]


def grid_edges():
    return Grid().edges()
