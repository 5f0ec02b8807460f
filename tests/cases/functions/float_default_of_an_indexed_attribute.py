# A constructor's parameter whose default is a float is taken for a number in the class's template,
# unless the class indexes what it stores (`self._nvec[idx]`): no number is indexed. enterprise's
# `ShermanMorrison(jvec, slices, nvec=0.0)` holds arrays there (its `__add__` builds one from
# `self._nvec + other`); the template's float made `np.einsum("i->", np.log(self._nvec))` a false
# SC107.
import numpy as np


class ShermanMorrison(object):
    def __init__(self, jvec, slices, nvec=0.0):
        self._jvec = jvec
        self._idxs = [np.arange(s.start, s.stop) for s in slices]
        self._nvec = nvec

    def __add__(self, other):
        return ShermanMorrison(self._jvec, [], self._nvec + other)

    def logdet(self):
        logdet = np.einsum("i->", np.log(self._nvec))
        for idx, jv in zip(self._idxs, self._jvec):
            logdet += np.log(1.0 + jv * np.sum(1 / self._nvec[idx]))
        return logdet


class Scaled:
    def __init__(self, scale=1.0):
        self.scale = scale

    def apply(self, x):
        return np.einsum("i->", np.log(self.scale)) * x  # error: SC107
