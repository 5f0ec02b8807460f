import pytest

from shapecheck.subst import set_checks


@pytest.fixture(autouse=True)
def invariant_checks():
    """Every subst test runs with the debug-mode invariant checks on (S2)."""
    previous = set_checks(True)
    yield
    set_checks(previous)
