# A property's setter takes its getter's name in the class body (``@color.setter def color``), but
# reading the attribute still runs the getter. Read as unknown, vispy's framebuffer resized its
# texture through ``self.color_buffer.resize(...)`` unseen: the texture kept its old shape, and the
# test's ``assert T.shape == (10, 10, 1)`` after ``F.resize((10, 10))`` was a false SC201.
import numpy as np


class Texture:
    def __init__(self, shape):
        self._shape = tuple(shape) + (1,)

    @property
    def shape(self):
        return self._shape

    def resize(self, shape):
        self._shape = tuple(shape)


class FrameBuffer:
    def __init__(self, color):
        self.color = color

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, buffer):
        self._color = buffer

    @color.deleter
    def color(self):
        self._color = None

    def resize(self, shape):
        self.color.resize(shape + (1,))


class Signal:
    def __init__(self, n: int):
        self.samples = np.zeros(n)

    @property
    def samples(self):
        return self._samples

    @samples.setter
    def samples(self, values):
        self._samples = np.asarray(values)

    def doubled(self):
        return np.concatenate([self.samples, self.samples])


def resized():
    T = Texture((20, 30))
    F = FrameBuffer(T)
    F.resize((10, 10))
    assert T.shape == (10, 10, 1)


def signal(n: int):
    s = Signal(n)
    reveal_shape(s.samples)  # reveal: (n,)
    reveal_shape(s.doubled())  # reveal: (2*n,)


resized()
signal(4)
s = Signal(3)
reveal_shape(s.samples)  # reveal: (3,)
reveal_shape(s.samples + np.ones(4))  # error: SC101
