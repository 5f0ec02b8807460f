# A function called while the checked module's top level runs reads the globals bound so far, in a
# branch too: ``if __name__ == "__main__":`` binding what a function defined there reads (minGPT's
# projects), and names bound after a module-level ``if``
import sys

import numpy as np

if len(sys.argv) > 2:
    verbose = True

weights = np.ones((4, 3))


def project(x):
    return x @ weights


reveal_shape(project(np.ones((2, 4))))  # reveal: (2, 3)
project(np.ones((2, 5)))  # error: SC110

if __name__ == "__main__":
    data = np.zeros((8, 4))

    def run(rows):
        return project(data[:rows])

    reveal_shape(run(3))  # reveal: (3, 3)
