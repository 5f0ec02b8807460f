# A test marked ``@pytest.mark.xfail`` is meant to fail: what fails in it is no bug, as in a
# ``pytest.raises`` block. statsmodels 0.15 keeps ``test_polysmoother_fit_2d_x_is_broken``
# (``raises=np.linalg.LinAlgError, strict=True``) to document a broken call: a false SC110 there.
import numpy as np
import pytest


@pytest.mark.xfail(raises=ValueError, strict=True, reason="fit() does not reduce a 2-d x")
def test_documented_breakage():
    x = np.ones((3, 4))
    return x @ np.ones((5, 6))


@pytest.mark.xfail
def test_expected_to_fail():
    return np.ones(3) + np.ones(4)


def test_not_marked():
    return np.ones(3) + np.ones(4)  # error: SC101
