# A module's names bound after a top-level `try` are in the namespace its functions read, also where
# an importer calls them (`from pkg.late import helper`: its numpy was unknown, and so was every shape
# made with it), and an importer takes them (`SCALE`, defined after the `try`).
import numpy as np
from pkg.late import SCALE, WIDTH, helper

reveal_shape(helper(np.zeros((2, 8))))  # reveal: (4, 4)
reveal_shape(np.zeros((3, WIDTH)))  # reveal: (3, 4)
reveal_shape(np.zeros((SCALE, WIDTH)))  # reveal: (2, 4)
y = helper(np.zeros(12)) @ np.zeros((5, 2))  # error: SC102
