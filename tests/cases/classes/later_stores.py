# An attribute that a method other than the constructor stores again is, in every method, any value
# that method may have left: not the constructor's, whichever order the methods come in, and
# whichever way the store is written (obj.n = v, obj.__dict__["n"] = v, setattr(obj, "n", v)).
import numpy as np


class Reader:
    def __init__(self, buf, read):
        self.buf = buf
        self.count = 0
        if read:
            self._read()

    def records(self):
        out = np.frombuffer(self.buf, dtype=np.int8).copy()
        out.shape = (self.count,)
        return out

    def _read(self):
        # a class whose __setattr__ guards its fields stores through __dict__
        self.__dict__["count"] = int(np.frombuffer(self.buf, dtype=np.int32)[0])


class Counter:
    def __init__(self):
        self.n = 0

    def batch(self, x):
        return np.asarray(x).reshape(self.n, -1)

    def set(self, n):
        setattr(self, "n", n)


class Layer:
    def __init__(self, d):
        self.w = np.zeros((d, 3))

    def forward(self, x):
        return np.zeros((5, 4)) @ self.w.T  # error: SC102

    def update(self, grad):
        self.w -= 0.1 * grad   # in place: w keeps its shape


r = Reader(b"\x00" * 8, True)
r.records()
c = Counter()
c.set(4)
reveal_shape(np.zeros(c.n))  # reveal: (4,)
