# ``len(obj)`` runs the class's ``__len__`` (ase's ``len(self)`` of an empty Atoms is 0, where a
# length of its own made ``a[:n1] = a1`` a false SC101 against its (0,) arrays), but not on an
# object a class's template holds: its own methods, not analysed there, may have changed its
# length (imageio's ``len(self.pages)`` of the TiffPages a TiffFile holds, its one page read in
# its constructor: ``np.arange(n).reshape(-1, 2)`` a false SC103).
import numpy as np


class Atoms:
    def __init__(self):
        self.arrays = {"positions": np.zeros((0, 3))}

    def __len__(self):
        return len(self.arrays["positions"])

    def extend(self, other):
        n1 = len(self)
        a = np.zeros((n1 + len(other), 3))
        a[:n1] = self.arrays["positions"]
        self.arrays["positions"] = a


reveal_shape(np.zeros(len(Atoms())))  # reveal: (0,)
s = Atoms()
s.extend(Atoms())


class Pages:
    def __init__(self):
        self.pages = [np.zeros(3)]

    def load(self, x):
        self.pages.append(x)

    def __len__(self):
        return len(self.pages)


class File:
    def __init__(self):
        self.pages = Pages()

    def fix(self):
        n = len(self.pages)
        return np.arange(n).reshape(-1, 2)
