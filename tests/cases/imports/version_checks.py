# ``sys.version_info`` is the version of the Python that runs the analysis (mypy's and pyright's
# default): ``if sys.version_info >= (3, 11): ... else: ...`` runs one branch, so a module's
# definitions after it are its importers' (they were unknown: the undecided branch left the module
# a joined frame, whose later definitions an importer does not take).
import sys

import numpy as np

from pkg.versioned import WIDTH, projected

reveal_shape(np.zeros(WIDTH))  # reveal: (6,)
reveal_shape(projected(np.zeros((4, 3))))  # reveal: (2, 5)
bad = projected(np.zeros(7))  # error: SC110
reveal_shape(np.zeros(sys.version_info.major))  # reveal: (3,)
reveal_shape(np.zeros(2) if sys.version_info < (3,) else np.zeros(3))  # reveal: (3,)
reveal_shape(np.zeros(2) if sys.version_info > (3, 0, 0, "final") else np.zeros(3))  # reveal: (2,)
