"""Project-wide pytest setup: the `needs_analyzer` marker.

A test marked `needs_analyzer` runs the real analyser end to end. It is skipped only while the
module `shapecheck.absint.driver.analysis` does not exist yet; once it exists the test runs, so a broken
analyser fails the suite instead of hiding behind a skip.
"""

from __future__ import annotations

import importlib
from collections import Counter

import pytest
from hypothesis import settings

# Property tests are seeded: the same examples on every run, so a red CI is a real regression and
# not a new random draw (run with HYPOTHESIS_PROFILE=explore locally to search afresh).
settings.register_profile("seeded", derandomize=True, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(__import__("os").environ.get("HYPOTHESIS_PROFILE", "seeded"))

ANALYZER_MODULE = "shapecheck.absint.driver.analysis"


def analyzer_available() -> bool:
    try:
        importlib.import_module(ANALYZER_MODULE)
    except ModuleNotFoundError as error:
        # Missing itself (or a parent package): not written yet. Any other missing module is a
        # real failure that the marked tests must show, so they run.
        return not (error.name and ANALYZER_MODULE.startswith(error.name))
    return True


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "needs_analyzer: runs the real analyser; skipped only while "
        f"{ANALYZER_MODULE} does not exist")


def pytest_collection_modifyitems(config, items):
    marked = [item for item in items if item.get_closest_marker("needs_analyzer")]
    if marked and not analyzer_available():
        skip = pytest.mark.skip(reason=f"{ANALYZER_MODULE} does not exist yet")
        for item in marked:
            item.add_marker(skip)


@pytest.fixture
def bodies_run(monkeypatch) -> Counter:
    """Function qualname -> how many times its body was run (generic and call analyses alike), by
    wrapping the driver's one place that runs a body (``calls._run_body``)."""
    from shapecheck.absint.driver import calls   # the analyser, imported only by the tests that use it
    runs: Counter = Counter()
    run_body = calls._run_body

    def counted(interp, fn, frame):
        runs[fn.qualname] += 1
        return run_body(interp, fn, frame)

    monkeypatch.setattr(calls, "_run_body", counted)
    return runs
