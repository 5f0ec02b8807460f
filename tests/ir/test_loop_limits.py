"""Loop code past the first front end's limits (issue 12, ``loopfront``): each kernel against
the same function run as plain Python (seeded inputs), and what must not happen (an eager read
out of bounds) in a child process, where a crash fails the test instead of the run."""

from __future__ import annotations

import os

import numpy as np
import pytest

import loop_limits as F
from child_process import run_json_child
from results import assert_same_results as same
import shapecheck

RNG = np.random.default_rng(12)
X = RNG.standard_normal(40) * 3


@pytest.mark.parametrize("fn, args", [
    (F.count_until, (np.abs(X), 10.0)),
    (F.count_until, (np.abs(X), 1.5)),
    (F.count_until, (np.abs(X), 0.0)),
    (F.shifted_or_fill, (X, 3)),
    (F.shifted_or_fill, (X, 0)),
    (F.chained_or, (X,)),
    (F.guarded_far_index, (X, 5)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_short_circuits_match_python(fn, args):
    same(shapecheck.jit(fn)(*args), fn(*args))


def test_and_or_evaluate_the_right_side_only_when_python_would(tmp_path):
    # x[10**12] is ~8 TB past the array: evaluated eagerly, it faults.
    source = (
        "import json, sys\n"
        f"sys.path[:0] = {[str(p) for p in (_here(),)]!r}\n"
        "import numpy as np, shapecheck, loop_limits as F\n"
        "x = np.linspace(-1.0, 1.0, 9)\n"
        "f = shapecheck.jit(F.guarded_far_index)\n"
        "print(json.dumps([int(f(x, 10 ** 12)), int(F.guarded_far_index(x, 10 ** 12))]))\n")
    got, want = run_json_child(source, tmp_path)
    assert got == want == 9


def test_a_guarded_read_sits_under_its_guard_in_the_loop_ir():
    text = shapecheck.jit(F.count_until).lower(np.abs(X), 1.0).as_text("loops")
    # the condition (with its read) is evaluated at the top of each iteration: i < n first,
    # x[i] only under `if %cond`
    lines = [line.strip() for line in text.splitlines()]
    guard = lines.index("%cond = (%i < 40)")
    assert lines[guard + 1] == "if %cond {" and lines[guard + 2].startswith("%cond = (%x[")
    assert "while true {" in lines


def _here() -> str:
    return os.path.dirname(os.path.abspath(__file__))
