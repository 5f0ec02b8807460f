# In a module that imports no library of objects NumPy adds as objects (scipy's sparse matrices,
# sympy's, pandas' tables), the items of a list a comprehension makes are taken for arrays or numbers,
# and a whole reduction of it is 0-d: flax's sst2 example sums the 0-d losses of its batches with
# ``np.sum([metrics.loss for metrics in batch_metrics])``. (reduction_of_a_list_of_objects.py: the
# same in a module that imports scipy.)
import numpy as np


class Metrics:
    def __init__(self, loss):
        self.loss = loss


def total_loss(batch_metrics):
    total = np.sum([metrics.loss for metrics in batch_metrics])
    reveal_shape(total)  # reveal: ()
    return total


reveal_shape(total_loss([Metrics(np.float32(1.5)), Metrics(np.float32(2.0))]))  # reveal: ()
