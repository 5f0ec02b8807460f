# A constructor's parameter is taken for a size or a rate (a number where it meets an array), unless
# its annotation says otherwise: an array type, in a forward reference too (``inputs: "np.ndarray"``),
# or only containers (``List[TensorType]``, ``Optional[Sequence[int]]``). ray 2.52's rllib annotates
# a distribution's logits ``inputs: List[TensorType]``; taken for a number, ``inputs / temperature``
# was a Python scalar and ``probs.argmax(dim=1)`` a false SC110 in every subclass.
from typing import List

import numpy as np


class Categorical:
    def __init__(self, inputs: "np.ndarray", temperature: float = 1.0):
        self.inputs = np.asarray(inputs) / temperature

    def deterministic_sample(self):
        return self.inputs.argmax(axis=1)


class Slate(Categorical):
    def __init__(self, inputs: List["np.ndarray"], temperature: float = 1.0, slates=None):
        super().__init__(inputs / temperature)
        self.slates = slates

    def deterministic_sample(self):
        sample = super().deterministic_sample()
        return np.take_along_axis(self.slates, sample[:, None], axis=-1)


logits = np.ones((4, 5))
reveal_shape(Categorical(logits).deterministic_sample())  # reveal: (4,)
reveal_shape(Slate(logits, 2.0, np.ones((4, 5))).deterministic_sample())  # reveal: (4, 1)
