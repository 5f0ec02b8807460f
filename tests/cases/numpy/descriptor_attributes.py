# An attribute the class defines as a descriptor is read through its ``__get__`` and stored through
# its ``__set__``, as Python does: nengo's parameters (``output = OutputParam("output")``) coerce what
# is stored (``Node(2).output`` is the (1,) float array, not the int) and keep it in a table of their
# own. Stored as given, ``assert scalar.output.shape == (1,)`` was a false SC201.
import weakref

import numpy as np


class Param:
    def __init__(self, name, default=None):
        self.name = name
        self.default = default
        self.data = weakref.WeakKeyDictionary()

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return self.data.get(instance, self.default)

    def __set__(self, instance, value):
        self.data[instance] = self.coerce(instance, value)

    def coerce(self, instance, value):
        return value


class ArrayParam(Param):
    def coerce(self, instance, value):
        return np.array(value, ndmin=1, dtype=float)


class Node:
    output = ArrayParam("output")

    def __init__(self, output):
        self.output = output


class Scaled:
    """A descriptor that computes its value from the object: its ``__get__``'s result is the read's."""

    def __get__(self, instance, owner):
        return instance.values * 2.0


class Series:
    doubled = Scaled()

    def __init__(self, n: int):
        self.values = np.zeros((n, 3))


def scalar_output():
    scalar = Node(2)
    assert scalar.output.shape == (1,)
    return scalar.output


reveal_shape(scalar_output())  # reveal: ?
reveal_shape(Node([1.0, 2.0, 3.0]).output)  # reveal: ?
reveal_shape(Series(4).doubled)  # reveal: (4, 3)
