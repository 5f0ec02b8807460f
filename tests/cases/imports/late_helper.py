# A module imported after a top-level `try` is in the namespace its functions read, also where an
# importer calls them (`from pkg.late import helper`: its numpy was unknown, and so was every shape
# made with it).
import numpy as np
from pkg.late import WIDTH, helper

reveal_shape(helper(np.zeros((2, 8))))  # reveal: (4, 4)
reveal_shape(np.zeros((3, WIDTH)))  # reveal: (3, 4)
y = helper(np.zeros(12)) @ np.zeros((5, 2))  # error: SC102
