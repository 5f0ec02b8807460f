"""Hole solving over random programs whose hole has a known answer (constant or symbolic).

Each template places a ``HOLE`` where exactly one value fits; the figure printed with ``pytest -s``
is the share solved to that value (SC302 with a unique solution); unsolvable and
under-determined variants must get SC203 / SC302 with no solution.
"""

from __future__ import annotations

import random

import pytest

from shapecheck.api import check_source
from shapecheck.constraints.dims import parse_dim

pytestmark = pytest.mark.needs_analyzer

HEADER = "import numpy as np\nfrom shapecheck import HOLE\n\n"


def _unique(rng: random.Random):
    """(source, expected solution text) with a single solution."""
    a, b, c = rng.randint(1, 9), rng.randint(1, 9), rng.choice((1, 2, 3, 4))
    size = a * b * c
    return rng.choice([
        (f"x = np.zeros(({a * c}, {b}))\ny = x.reshape(HOLE, {b})", str(a * c)),
        (f"x = np.zeros(({a}, {b * c}))\ny = x.reshape({a * b}, HOLE)", str(c)),
        (f"y = np.zeros((HOLE, {b})) @ np.zeros(({b}, {a}))\nassert y.shape == ({size}, {a})", str(size)),
        (f"x = np.zeros(HOLE)\ny = np.concatenate([x, np.zeros({a})])\nassert y.shape == ({a + b},)", str(b)),
        (f"x = np.ones(({a}, {b}))\ny = x @ np.ones((HOLE, {c}))", str(b)),
        ("def f(x):\n    n, k = x.shape\n    return x.reshape(HOLE)", "n*k"),
        ("def f(x):\n    n, k = x.shape\n    return x.reshape(n, HOLE)", "k"),
        ("def f(x):\n    n, k = x.shape\n    y = np.zeros((k, HOLE))\n    return np.concatenate([x @ y, x])", "k"),
        ("def f(x):\n    n, = x.shape\n    assert n % 3 == 0\n    return x.reshape(3, HOLE)", "n//3"),
        ("def f(x):\n    n, = x.shape\n    y = np.zeros(HOLE)\n    return np.concatenate([x, x]) @ y", "n*2"),
        # undetermined in the function, fixed by every call with concrete arguments
        (f"def f(x):\n    return x.reshape({a}, HOLE)\ny = f(np.zeros(({a}, {b * c})))\n"
         f"z = f(np.zeros({a * b * c}))", str(b * c)),
        (f"def f(x):\n    return x @ np.zeros((HOLE, 2))\ny = f(np.zeros(({a}, {b})))", str(b)),
    ])


def _hole_diags(source: str):
    return [d for d in check_source(HEADER + source, "holes.py").diagnostics if d.code in ("SC302", "SC203")]


def test_unique_holes_are_solved():
    rng = random.Random(7)
    solved = total = 0
    failures = []
    for _ in range(40):
        source, expected = _unique(rng)
        if expected is None:
            continue
        total += 1
        found = _hole_diags(source)
        ok = len(found) == 1 and found[0].code == "SC302" and found[0].hole is not None \
            and parse_dim(found[0].hole) == parse_dim(expected)
        solved += ok
        if not ok:
            failures.append((source, expected, [(d.code, d.message) for d in found]))
    print(f"\nholes with a unique solution: solved {solved}/{total} ({solved / total:.0%})")
    assert not failures, failures[:3]


@pytest.mark.parametrize("source", [
    "x = np.zeros((5, 5))\ny = x.reshape(HOLE, 3)",
    "x = np.zeros((2, HOLE))\ny = x @ np.zeros((3, 2))\nz = x + np.zeros((2, 4))",
    "x = np.zeros(HOLE)\nassert x.shape == (3,)\nassert x.shape[0] == 4",
    "def f(x):\n    return x.reshape(HOLE, 4)\ny = f(np.zeros(8))\nz = f(np.zeros(12))",
    "def f(x):\n    return x.reshape(HOLE, 4)\ny = f(np.zeros(10))",
])
def test_unsolvable_holes(source):
    assert [d.code for d in _hole_diags(source)] == ["SC203"]


@pytest.mark.parametrize("source", [
    "y = np.zeros((HOLE, 3)) + np.zeros((4, 3))",
    "y = np.zeros((HOLE, HOLE)).reshape(12)",
    "def f(x):\n    return x.reshape(HOLE, 4)",
])
def test_underdetermined_holes(source):
    found = _hole_diags(source)
    assert found and all(d.code == "SC302" and d.hole is None for d in found), found
