# Changes pkg/table.py's object at its top level (for ../registered.py).
import numpy as np

from pkg.table import TABLE, register

SEEN = TABLE.weight
register(np.zeros((5, 3)))
