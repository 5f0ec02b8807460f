# A name a module binds after a top-level `try` is what `from module import name` gives (it was
# unknown, and so was every shape made with it).
import numpy as np
from pkg.late import WIDTH, helper

reveal_shape(helper(np.zeros((2, 8))))  # reveal: (4, 4)
reveal_shape(np.zeros((3, WIDTH)))  # reveal: (3, 4)
y = helper(np.zeros(12)) @ np.zeros((5, 2))  # error: SC102
