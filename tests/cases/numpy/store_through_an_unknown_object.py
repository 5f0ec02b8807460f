# A store on an object the analysis cannot name -- an item of a work list whose items it lost, a
# child from a method it does not follow -- may be a store on any object the function reaches: each
# such object that holds the attribute (or whose class has a setter of that name) holds either value
# from here on. spikingjelly's ``set_step_mode(net, "m")`` pops each module off a work list and sets
# its ``step_mode`` property; lost, every layer kept its single-step mode and its multi-step input
# was a false SC110.
import numpy as np


class Layer:
    def __init__(self, n: int):
        self.w = np.ones((n, n))
        self._mode = "single"

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        if value not in ("single", "multi"):
            raise ValueError(value)
        self._mode = value

    def children(self):
        return []

    def apply(self, x):
        if self.mode == "single":
            return self.w @ x
        return np.einsum("ij,tj->ti", self.w, x)


class Gate:
    def __init__(self, n: int):
        self.scale = np.ones(n)
        self.mode = "single"

    def children(self):
        return []

    def apply(self, x):
        if self.mode == "single":
            return self.scale[:, None] * x
        return self.scale * x


class Net:
    def __init__(self, n: int):
        self.first = Layer(n)
        self.gate = Gate(n)
        self.last = Layer(n)
        set_mode(self, "multi")

    def children(self):
        return [self.first, self.gate, self.last]

    def apply(self, x):
        return self.last.apply(self.gate.apply(self.first.apply(x)))


def set_mode(net, mode):
    modules = [net]
    while modules:
        m = modules.pop()
        if hasattr(m, "mode"):
            m.mode = mode
        modules.extend(reversed(m.children()))


def multi_step():
    net = Net(4)
    return net.apply(np.ones((7, 4)))


def wrong_width():
    net = Net(4)
    return net.apply(np.ones((7, 5)))  # error: SC110


reveal_shape(multi_step())  # reveal: (7, 4)
