# In a module of arrays alone (no table library imported), a whole reduction of an array nothing is
# known of is 0-d, as NumPy's, torch's and JAX's are: flax's and the from-scratch nets' ``loss.mean()``
# (see whole_reduction_of_any_array_like.py for a module of tables).
import numpy as np


def losses(errors):
    squared = np.square(errors)
    reveal_shape(squared.mean())  # reveal: ()
    reveal_shape((np.abs(errors) > 0.5).sum())  # reveal: ()
    return squared.mean()[0]  # error: SC105
