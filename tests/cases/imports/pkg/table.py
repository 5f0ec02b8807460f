# An object other modules change at their top level (../registered.py, pkg/registering.py).
import numpy as np


class Table:
    def __init__(self):
        self.weight = np.zeros((2, 2))

    def put(self, weight):
        self.weight = weight


TABLE = Table()


def register(weight):
    TABLE.put(weight)
