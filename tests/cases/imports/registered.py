# A module's top-level call changes an object another module made: importing it runs that call,
# as Python does, so the object holds the change here (pkg/registering.py), while the module that
# made it, checked alone (pkg/table.py), keeps what it made.
import numpy as np
from pkg.registering import SEEN, TABLE

reveal_shape(SEEN)  # reveal: (2, 2)
reveal_shape(TABLE.weight)  # reveal: (5, 3)
y = TABLE.weight @ np.zeros((2, 4))  # error: SC102
