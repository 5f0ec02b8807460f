# A helper that reads a module imported after a top-level `try` (imported by ../late_helper.py):
# called from an importer, it finds numpy in the module's namespace.
def helper(x):
    return np.reshape(x, (-1, 4))


WIDTH = 4

try:
    from optional_accelerator import fused
except ImportError:
    fused = None

import numpy as np
