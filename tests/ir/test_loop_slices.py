"""Slices in loop code (``looparrays``) follow Python's rules whatever their bounds: constants or
argument sizes over a symbolic dim, bounds from scalar arguments or loop variables. Reading past
the end clips, as NumPy's slicing does; assigning a value of the wrong size raises NumPy's
ValueError; nothing reads or writes outside an array. Each kernel runs compiled (per shape, and
once with symbolic shapes for every size) and as plain Python, whose outcome is the oracle, in a
child process, so a crash fails a test instead of killing the run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from child_process import OUTCOME, run_json_child  # noqa: E402

_KERNELS = '''
import numpy as np

def window(x):                       # out[i:i+3] runs past the end: clipped
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i:i + 3] += x[i:i + 3] * 2.0
    return out

def window_value(x, y):              # at the end the target is shorter than y: ValueError
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i:i + 2] = y
    return out

def between(x, a, b):                # bounds from scalar arguments
    s = 0.0
    for i in range(1):
        s += np.sum(x[a:b])
    return s

def between_store(x, y, a, b):
    out = np.zeros(x.shape[0])
    for i in range(1):
        out[a:b] = y
    return out

def head(x):                         # a constant bound past a short array's end
    out = np.zeros(x.shape[0])
    for i in range(1):
        out[:5] = 1.0
    return out, np.sum(x[:5])

def head_copy(x):
    return x[:5].copy()

def tail(x):
    s = 0.0
    for i in range(1):
        s += np.sum(x[5:]) + np.sum(x[-3:]) + np.sum(x[:-2])
    return s

def other_size(x, y):                # a bound that is another argument's size
    out = np.zeros(x.shape[0])
    for i in range(1):
        out[:y.shape[0]] = y
    return out, np.sum(x[2:y.shape[0]])

def rows(a, v):                      # 2-D: a slice of rows, a row (or rows) broadcast into it
    out = a.copy()
    for i in range(1):
        out[1:4] = v
    return out

def diff(x):                         # x[1:] - x[:-1] keeps one shape over a symbolic size
    s = 0.0
    for i in range(2):
        d = x[1:] - x[:-1]           # a new array, of max(n - 1, 0) elements
        s += np.sum(d * d)
    return s
'''

_CHILD = r'''
import json, sys, numpy as np, shapecheck
sys.path.insert(0, sys.argv[1])
import slice_kernels as K
''' + OUTCOME + r'''

f = np.arange
cases = [
    ("window", f(5.0)), ("window", f(1.0)),
    ("window_value", f(5.0), np.ones(2)), ("window_value", f(1.0), np.ones(1)),
    ("window_value", f(4.0), np.ones(1)),
    ("between", f(5.0), 1, 3), ("between", f(5.0), -2, 100), ("between", f(5.0), 3, 1),
    ("between", f(5.0), -100, -4),
    ("between_store", f(5.0), np.ones(2), 1, 3), ("between_store", f(5.0), np.ones(2), 3, 100),
    ("between_store", f(5.0), np.ones(2), 0, 5), ("between_store", f(5.0), np.ones(1), 0, 5),
    ("head", f(3.0)), ("head", f(7.0)), ("head_copy", f(3.0)), ("head_copy", f(7.0)),
    ("tail", f(3.0)), ("tail", f(7.0)), ("tail", f(0.0)),
    ("other_size", f(3.0), np.ones(5)), ("other_size", f(6.0), np.ones(5)),
    ("rows", np.ones((5, 3)), f(3.0)), ("rows", np.ones((2, 3)), f(3.0)),
    ("rows", np.ones((5, 3)), np.ones((3, 3))), ("rows", np.ones((2, 3)), np.ones((2, 3))),
    ("diff", f(5.0) ** 2), ("diff", f(1.0)), ("diff", f(0.0)),
]
results = []
for name, *args in cases:
    fn = getattr(K, name)
    params = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    # every array dim a symbol of its own (how they relate is checked where it matters)
    shapes = {p: tuple(f"{p}{k}" for k in range(np.ndim(a))) for p, a in zip(params, args)}
    dtypes = {p: "i64" for p, a in zip(params, args) if isinstance(a, int)}
    symbolic = shapecheck.jit(fn, shapes=shapes, dtypes=dtypes)
    per_shape = shapecheck.jit(fn)
    # twice each: the first call compiles, the second takes the native entry when there is one
    results.append([name, outcome(fn, *args)] + [outcome(j, *args) for j in (per_shape, symbolic) for _ in "12"])
print(json.dumps(results))
'''


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    where = tmp_path_factory.mktemp("kernels")
    (where / "slice_kernels.py").write_text(_KERNELS)
    return run_json_child(_CHILD.replace("sys.argv[1]", repr(str(where))), tmp_path_factory.mktemp("cache"),
                          timeout=600)


def _agrees(got: list, want: list) -> bool:
    """The same result, or the same exception with NumPy's words (a shape error the analyser
    proves before compiling adds the file's line and its code around them, and prints shapes
    with spaces)."""
    if want[0] == "ok" or got[0] != want[0]:
        return got == want
    return want[1].replace(" ", "") in got[1].replace(" ", "")


def test_compiled_slices_agree_with_numpy(results):
    wrong = [(name, k, got, want) for name, want, *gots in results for k, got in enumerate(gots)
             if not _agrees(got, want)]
    assert not wrong


def test_the_cases_cover_clipping_and_both_errors(results):
    """The oracle's outcomes include what the checks are for: clipped slices past an end, and
    NumPy's ValueError for an assignment of the wrong size."""
    outcomes = {name: [] for name, *_ in results}
    for name, want, *_ in results:
        outcomes[name].append(want[0])
    assert "ValueError" in outcomes["window_value"] and "ok" in outcomes["window_value"]
    assert "ValueError" in outcomes["between_store"] and "ValueError" in outcomes["rows"]
    assert ["ok"] * 3 == outcomes["diff"]
