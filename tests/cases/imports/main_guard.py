# An imported module's ``__name__`` is its own name, never "__main__": its demo block does not run
# when it is imported (nor is it analysed for the importer), and its names keep their values. The
# checked file may be run as a script: its own block is checked.
import numpy as np

from pkg.with_demo import WIDTH, narrowed, widen

reveal_shape(widen(np.zeros((2, 3))))  # reveal: (2, 7)
reveal_shape(narrowed(np.zeros((2, 10))))  # reveal: (2, 4)
reveal_shape(np.zeros(WIDTH))  # reveal: (4,)

if __name__ == "__main__":
    bad = np.zeros((2, 3)) @ np.zeros((4, 5))  # error: SC102
