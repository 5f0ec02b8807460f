# A class whose ``__new__`` the project defines (and the analysis does not follow) may set what its
# class holds before any object exists: a class-level value read off an object is only a default there
# (deepchem's LinearOperator sets ``_is_rmv_implemented`` in ``__new__`` by comparing the subclass's
# methods with its own; read as the class's False, every operator took the fallback path, whose
# shapes differ: false SC110s). Without a ``__new__``, a class-level value is what an object reads.
import numpy as np


class Base:
    _done = False
    _has_rmv = False

    def __new__(cls, *args, **kwargs):
        if not cls._done:
            cls._has_rmv = getattr(cls, "_rmv") is not getattr(Base, "_rmv")
            cls._done = True
        return super().__new__(cls)

    def _rmv(self, x):
        raise NotImplementedError

    def rmv(self, x):
        if not self._has_rmv:
            return x @ np.zeros((4, 4))
        return self._rmv(x)


class Mine(Base):
    def _rmv(self, x):
        return x


class Plain:
    scale = 3

    def grid(self):
        return np.zeros((self.scale, 2))


Mine().rmv(np.zeros(2))
reveal_shape(Plain().grid())  # reveal: (3, 2)
