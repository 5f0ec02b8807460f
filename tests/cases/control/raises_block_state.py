# ``with pytest.raises(E):`` stops at the statement that raises, so what the block binds after it never
# happens: after the block, a name holds what it held before or what the block gave it. astropy 8.0.2's
# ``TestSetShape.test_shape_setting`` checks that a failed shape store leaves the shape alone:
# ``with pytest.raises(...): t.shape = (10, 5)`` (a transposed array cannot be reshaped without a copy),
# then ``assert t.shape == t0.T.shape``: the store was taken as done, and the assertion a false SC201.
import numpy as np
import pytest


def test_shape_setting():
    t0 = np.zeros((5, 2, 5))
    t = t0.T
    with pytest.raises(ValueError):
        t.shape = (12,)
    with pytest.raises((AttributeError, ValueError)):
        t.shape = (10, 5)
    assert t.shape == t0.T.shape


def test_bound_in_block():
    x = np.ones(3)
    with pytest.raises(ValueError):
        y = x.reshape(2, 2)
    with pytest.raises(ValueError):
        x = x + np.ones(4)
        x = np.ones(5)
    assert x.shape == (3,)
