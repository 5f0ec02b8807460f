# A dict the constructor makes empty and a method fills entry by entry (`self._subplot_dict[n] =
# ax`) has any entries in the other methods, whichever comes first in the class: proplot's
# `_get_align_axes`, defined before `add_subplot`, iterated the empty dict, and `np.array([...])[:, 0]`
# of its 1-D empty array was a false SC105 (a method after `add_subplot` saw it filled). A list
# whose items a method sets keeps its length, not its items.
import numpy as np


class Figure:
    def __init__(self):
        self._subplot_dict = {}
        self.size = [0, 0]

    def edges(self):
        axs = list(self._subplot_dict.values())
        ranges = np.array([ax.span() for ax in axs])
        return ranges[:, 0]

    def canvas(self):
        reveal_shape(np.zeros(self.size))  # reveal: (d, d')
        return len(self.size)

    def add_subplot(self, ax, number=None):
        if number is None:
            number = 1 + max(self._subplot_dict, default=0)
        self._subplot_dict[number] = ax
        return ax

    def resize(self, h, w):
        self.size[0] = h
        self.size[1] = w

    def forget(self, number):
        del self._subplot_dict[number]


class Plain:
    def __init__(self):
        self.table = {}

    def first(self):
        return np.array(list(self.table.values()))[:, 0]  # error: SC105
