# Two objects of one class met at a join stand for each other where they were built alike; the one
# kept is the one that leaves unknown what the other knows. photutils' ``fit_image`` returns
# ``IsophoteList([])`` early or the list its loop filled: keeping the empty one made
# ``isolist.a3[-1]`` index an empty array (a false SC105).
import numpy as np
import somelib


class Box:
    def __init__(self, items):
        self._list = items

    @property
    def a3(self):
        return np.array([getattr(i, "a3") for i in self._list], dtype=float)


def make(flag, n):
    items = []
    if flag:
        return Box([])
    while True:
        somelib.step(items)
        if n:
            break
    return Box(items)


def use(flag, n):
    box = make(flag, n)
    return box.a3[-1]


class Block:
    def __init__(self, dim):
        self.w = np.zeros((dim, dim))


def stack(depth):
    blocks = []
    for _ in range(depth):
        blocks.append(Block(4))
    x = np.ones((2, 4))
    for block in blocks:
        x = x @ block.w
    reveal_shape(x)  # reveal: (2, 4)
    return x
