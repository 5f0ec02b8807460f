# ``obj[key] = value`` on an object whose class defines ``__setitem__`` runs it, as ``obj[key]`` runs
# ``__getitem__``: what it changes in the object is seen after. vispy's texture queues the block
# ``T[5:, 5:] = 1`` uploads; unseen, the test's check of the last command's (5, 5) data was made
# against the texture's whole (10, 10) data: a false SC101.
import numpy as np


class Queue:
    def __init__(self):
        self._items = []

    def command(self, *args):
        self._items.append(args)

    def clear(self):
        items = self._items
        self._items = []
        return items


class Texture:
    def __init__(self, data):
        self._data = data
        self._glir = Queue()
        self._glir.command("DATA", data)

    def __setitem__(self, key, value):
        block = np.ones(self._data[key].shape) * value
        self._glir.command("DATA", block)


class Grid:
    def __init__(self, n: int):
        self.cells = np.zeros((n, n))

    def __setitem__(self, key, value):
        self.cells[key] = value


def partial_upload():
    T = Texture(np.zeros((10, 10)))
    T[5:, 5:] = 1
    last = T._glir.clear()[-1]
    assert np.allclose(last[1], np.ones((5, 5)))


def rows(n: int):
    g = Grid(n)
    g[0] = np.ones(n)
    g[1] = np.ones(n + 1)  # error: SC110


partial_upload()
rows(3)
