# A class's template stands for its subclasses' objects too: an array its constructor leaves as a
# placeholder that a subclass, or another base of one, fills in its own constructor is not the
# placeholder in the class's methods (linearmodels' ``_HACMixin`` keeps ``self._moments = empty((0,))``
# for ``KernelCovariance``'s other base to fill; its ``bandwidth`` read ``moments.std(0)[None, :]`` of
# the empty vector: a false SC105). Arrays no subclass stores stay as the constructor made them.
import numpy as np
from numpy import empty, ndarray


class HACMixin:
    def __init__(self, bandwidth):
        self._bandwidth = bandwidth
        self._moments: ndarray = empty((0,))
        self._scale = np.ones(3)

    @property
    def bandwidth(self):
        if self._bandwidth is None:
            assert self._moments is not None
            moments = self._moments
            m = moments / moments.std(0)[None, :]
            self._bandwidth = m.sum(1).mean()
        return self._bandwidth

    def scaled(self):
        return self._scale[None, :].std(0)[None, :]


class Heteroskedastic:
    def __init__(self, xe):
        self._moments = xe


class KernelCovariance(Heteroskedastic, HACMixin):
    def __init__(self, xe, bandwidth=None):
        HACMixin.__init__(self, bandwidth)
        super().__init__(xe)



def use():
    cov = KernelCovariance(np.ones((100, 4)))
    reveal_shape(cov._moments)  # reveal: (100, 4)
    return cov.bandwidth, HACMixin(0.5).scaled()
