# A @staticmethod binds nothing and a @classmethod binds the class, read off an object or a class, in
# a call and in the method's own analysis. Its first parameter was the object: statsmodels 0.15.0's
# Initialization.from_components (``init = cls(k_states)`` in a classmethod) ran the object's
# __call__(index=k_states) and reported np.ix_(index, index) (a false SC110), and diffusers'
# HunyuanVideo15Downsample._dcae_downsample_rearrange(tensor, r1, r2, r3), a staticmethod called as
# self._dcae_downsample_rearrange(x, r1=1, r2=2, r3=2), gave nothing (self was ``tensor``, x ``r1``).
import numpy as np


class Initialization:
    def __init__(self, k_states):
        self.k_states = k_states

    @classmethod
    def from_components(cls, k_states):
        init = cls(k_states)
        return init

    @classmethod
    def from_results(cls, results):
        return cls.from_components(len(results))

    def __call__(self, index=None):
        return np.ix_(index, index)


class Packer:
    def __init__(self, factor):
        self.factor = factor

    @staticmethod
    def rearrange(tensor, r1=1, r2=2):
        b, c, h, w = tensor.shape
        return tensor.reshape(b, c * r1 * r2, h // r1, w // r2)

    def forward(self, x):
        return self.rearrange(x, r1=2, r2=2)


reveal_shape(Packer(2).forward(np.ones((1, 3, 8, 6))))  # reveal: (1, 12, 4, 3)
reveal_shape(Packer.rearrange(np.ones((1, 3, 8, 6))))  # reveal: (1, 6, 8, 3)
made = Initialization.from_components(4)
