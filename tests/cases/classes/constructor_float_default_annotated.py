# A constructor's parameter whose default is a float is taken for a float (torch/constructor_float_defaults.py)
# only where its annotation, if any, names a number alone: dopamine-rl 4.1.2's ``FourierBasis.__init__(self,
# nvars, min_vals: Union[float, Sequence[float]] = 0.0, max_vals=None)`` keeps ``jnp.array(min_vals)`` and,
# given ``max_vals``, asserts ``len(self.min_vals) == len(self.max_vals)``: a false SC107 ("len() of a 0-d
# array") when min_vals was taken for the float.
from typing import Optional, Sequence, Union

import numpy as np


class FourierBasis(object):
    def __init__(self, nvars: int, min_vals: Union[float, Sequence[float]] = 0.0,
                 max_vals: Optional[Union[float, Sequence[float]]] = None, scale: float = 1.0, step=0.5):
        self.min_vals = np.array(min_vals)
        self.max_vals = max_vals
        reveal_shape(np.array(scale))  # reveal: ()
        reveal_shape(np.array(step))  # reveal: ()
        if max_vals is not None:
            assert len(self.min_vals) == len(self.max_vals)
            self.max_vals = np.array(self.max_vals)


basis = FourierBasis(2, [0.0, 0.0], [1.0, 1.0])
reveal_shape(basis.max_vals)  # reveal: (2,)
