# pkg/table.py's object as its module made it: no module that changes it was imported here, whatever
# files were checked before in the same process (../registered.py's import changed it there).
import numpy as np
from pkg.table import TABLE

reveal_shape(TABLE.weight)  # reveal: (2, 2)
