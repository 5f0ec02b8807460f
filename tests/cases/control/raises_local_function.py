# A function defined in a test only to be passed to a call that expects it to raise
# (``assert_raises(ValueError, bfa)``, ``pytest.raises(E, f)``, ``self.assertRaises(E, g)``) is meant to
# fail: its errors are no bugs (numpy's test_broadcast_flat_assignment). One that is called is checked.
import numpy as np
import pytest
from numpy.testing import assert_raises


def test_broadcast_flat_assignment():
    x = np.empty((3, 1))

    def bfa():
        x[:] = np.arange(3)

    def bfb():
        x[:] = np.arange(3, dtype=float)

    def called():
        return x @ np.ones((2, 2))  # error: SC102

    assert_raises(ValueError, bfa)
    pytest.raises(ValueError, bfb)
    called()
