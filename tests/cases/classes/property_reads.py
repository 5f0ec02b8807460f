# Reading a property runs its getter: its value flows like any other (a shape, a known bool that
# lets ``if`` take the one branch that runs). scikit-learn 1.7.2's RBF kernel reads
# ``length_scale.shape[0]`` only where ``self.anisotropic`` (``np.iterable(self.length_scale) and
# len(self.length_scale) > 1``); the getter was taken for a bound method, of unknown truth, and
# ``length_scale=1.0`` squeezed to 0-d gave a false SC105 in ``__call__``. A setter, which takes the
# getter's name in the class body, is not what a read runs.
from abc import ABC, abstractmethod
from functools import cached_property

import numpy as np


class Kernel:
    def __init__(self, length_scale=1.0):
        self.length_scale = length_scale

    @property
    def anisotropic(self):
        return np.iterable(self.length_scale) and len(self.length_scale) > 1

    def __call__(self, X):
        length_scale = np.squeeze(self.length_scale).astype(float)
        if not self.anisotropic or length_scale.shape[0] == 1:
            return X / length_scale
        return X / length_scale[None, :]


class Layer:
    def __init__(self, n_in, n_out):
        self.weight = np.zeros((n_out, n_in))
        self._scale = 1.0

    @property
    def weight_t(self):
        return self.weight.T

    @cached_property
    def fan_in(self):
        return self.weight.shape[1]

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def forward(self, x):
        return x @ self.weight_t


class Base(ABC):
    @property
    @abstractmethod
    def width(self):
        ...

    def make(self):
        return np.zeros((2, self.width))


class Wide(Base):
    @property
    def width(self):
        return 5


layer = Layer(4, 6)
reveal_shape(layer.forward(np.ones((2, 4))))  # reveal: (2, 6)
reveal_shape(layer.weight_t)  # reveal: (4, 6)
reveal_shape(np.zeros(layer.fan_in))  # reveal: (4,)
reveal_shape(Kernel()(np.ones((3, 2))))  # reveal: (3, 2)
reveal_shape(Kernel(np.ones(2))(np.ones((3, 2))))  # reveal: (3, 2)
reveal_shape(Wide().make())  # reveal: (2, 5)
layer.forward(np.ones((2, 5)))  # error: SC110
