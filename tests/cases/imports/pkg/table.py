# An object other modules change at their top level (../registered.py, pkg/registering.py), bound
# after a top-level `try`: `register` reaches TABLE only where the module's functions see the names
# bound after such a block.
import numpy as np

try:
    import optional_accelerator
except ImportError:
    optional_accelerator = None


class Table:
    def __init__(self):
        self.weight = np.zeros((2, 2))

    def put(self, weight):
        self.weight = weight


TABLE = Table()


def register(weight):
    TABLE.put(weight)
