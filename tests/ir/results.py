"""Comparing a compiled function's results with a reference's (tuples, shapes, dtypes, values)."""

import numpy as np


def assert_same_results(got, expected, rtol: float = 1e-12, atol: float = 1e-12) -> None:
    """Equal structure and shapes; ints and bools exactly (the same kind: Python ints are int64
    in NumPy), floats to ``rtol``/``atol``."""
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_same_results(g, e, rtol, atol)
        return
    expected, got = np.asarray(expected), np.asarray(got)
    assert got.shape == expected.shape
    if expected.dtype.kind in "iub":
        assert got.dtype.kind == expected.dtype.kind, (got.dtype, expected.dtype)
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol)
