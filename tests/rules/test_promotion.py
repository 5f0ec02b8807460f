"""``args.promote`` against NumPy's own ``promote_types``: every pair of the dtypes it promotes
without NumPy (numeric ones), and a few it hands to NumPy (strings, objects, longdouble)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from shapecheck.absint.rules.args import _NUMERIC, promote

_OTHERS = ["longdouble", "object", "str", "bytes", "datetime64", "timedelta64", "bfloat16"]


@pytest.mark.parametrize("a", sorted(_NUMERIC))
def test_numeric_pairs_promote_as_numpy_does(a: str) -> None:
    for b in sorted(_NUMERIC):
        assert promote(a, b) == str(np.promote_types(a, b)), (a, b)


def test_other_dtypes_still_ask_numpy() -> None:
    for a, b in itertools.product(sorted(_NUMERIC) + _OTHERS, _OTHERS):
        if a == b:
            continue   # a dtype with itself is itself, asked of no one
        try:
            expected = str(np.promote_types(a, b))
        except Exception:
            expected = None
        assert promote(a, b) == expected, (a, b)


def test_unknown_and_weak_operands() -> None:
    assert promote(None, "int8") == "int8"
    assert promote("float32", None) == "float32"
    assert promote(None, None) is None
