"""``--diff-programs=N``: how many generated programs the differential test runs (default 500).

pytest reads an option from a conftest only when that conftest is loaded at start-up, so pass it
with this folder on the command line: ``pytest tests/differential --diff-programs=2000``. The
environment variable ``SHAPECHECK_DIFF_PROGRAMS`` works from anywhere.
"""

from __future__ import annotations

import os

DEFAULT_PROGRAMS = 500
CHUNK = 25


def pytest_addoption(parser):
    parser.addoption("--diff-programs", type=int, default=None,
                     help=f"number of generated programs for the differential test (default {DEFAULT_PROGRAMS})")


def program_count(config) -> int:
    given = config.getoption("--diff-programs", default=None)
    if given is None:
        given = int(os.environ.get("SHAPECHECK_DIFF_PROGRAMS", DEFAULT_PROGRAMS))
    return given


def pytest_generate_tests(metafunc):
    if "diff_seeds" in metafunc.fixturenames:
        n = program_count(metafunc.config)
        chunks = [range(start, min(start + CHUNK, n)) for start in range(0, n, CHUNK)]
        metafunc.parametrize("diff_seeds", chunks, ids=[f"seeds{c.start}-{c.stop - 1}" for c in chunks])
