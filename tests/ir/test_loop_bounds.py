"""Run-time index checks in loop code (``loopfront``): an index the front end cannot prove in
range is checked where it is evaluated, and out of range the call raises NumPy's IndexError
(never a read or write outside the array). Each scenario runs in a child process, so a crash
fails a test instead of killing the run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from child_process import run_json_child  # noqa: E402

from shapecheck.ir import loopfront  # noqa: E402
from shapecheck.ir.printer import print_loop_module  # noqa: E402

_KERNELS = '''
import numpy as np

def scatter(x, idx):                 # a data-dependent index
    out = np.zeros(4)
    for i in range(idx.shape[0]):
        out[idx[i]] += x[i]
    return out

def copy_n(x, n):                    # a loop bound from a scalar argument
    out = np.zeros(4)
    for i in range(n):
        out[i] = x[i]
    return out

def from_end(x, k):                  # a negative index counts from the end, as far as -size
    s = 0.0
    for i in range(3):
        s += x[k - i]
    return s

def grid(a, rows, cols):             # 2-D: the failing axis is named
    s = 0.0
    for i in range(rows.shape[0]):
        s += a[rows[i], cols[i]]
    return s

def bins(x):                         # int() of a float that is no int64: Python's errors
    out = np.zeros(3)
    for i in range(x.shape[0]):
        out[int(x[i]) % 3] += 1.0
    return out
'''

# the kernels are read from their source file: the child imports them from one
_CHILD = r'''
import json, sys, numpy as np, shapecheck
sys.path.insert(0, sys.argv[1])
from bounds_kernels import scatter, copy_n, from_end, grid, bins

def outcome(fn, *args):
    try:
        value = fn(*args)
        return ["ok", np.asarray(value).tolist()]
    except (IndexError, ValueError, OverflowError) as error:
        return [type(error).__name__, str(error)]

results = {}
cases = {
    "scatter_oob": (scatter, np.ones(3), np.array([0, 1, 100000000])),
    "scatter_in": (scatter, np.arange(5.0), np.array([3, -1, 0, 2, 3])),
    "copy_n_oob": (copy_n, np.ones(3), 100000),
    "copy_n_in": (copy_n, np.arange(3.0), 3),
    "from_end_oob": (from_end, np.arange(4.0), -3),
    "from_end_in": (from_end, np.arange(4.0), 2),
    "grid_oob": (grid, np.ones((2, 3)), np.array([1, 0]), np.array([2, 3])),
    "grid_negative": (grid, np.ones((2, 3)), np.array([-3]), np.array([0])),
    "bins_in": (bins, np.array([1.5, 2.0, -4.2, 7.9])),
    "bins_inf": (bins, np.array([1.0, -np.inf])),
    "bins_nan": (bins, np.array([np.nan, 1.0])),
}
for name, (fn, *args) in cases.items():
    jitted = shapecheck.jit(fn)
    # twice: the first call compiles, the second takes the native entry when there is one
    results[name] = [outcome(jitted, *args), outcome(jitted, *args)]
    spec = next(iter(jitted.specializations.values()))
    arrays = [np.asarray(a) for a in args]   # the executable takes arrays (a scalar 0-d)
    results[name].append(outcome(spec.executable.python, *arrays))   # the Python path's check
print(json.dumps(results))
'''

_EXPECTED = {
    "scatter_oob": ["IndexError", "index 100000000 is out of bounds for axis 0 with size 4"],
    "scatter_in": ["ok", [2.0, 0.0, 3.0, 5.0]],
    "copy_n_oob": ["IndexError", "index 3 is out of bounds for axis 0 with size 3"],
    "copy_n_in": ["ok", [0.0, 1.0, 2.0, 0.0]],
    "from_end_oob": ["IndexError", "index -5 is out of bounds for axis 0 with size 4"],
    "from_end_in": ["ok", 3.0],
    "grid_oob": ["IndexError", "index 3 is out of bounds for axis 1 with size 3"],
    "grid_negative": ["IndexError", "index -3 is out of bounds for axis 0 with size 2"],
    "bins_in": ["ok", [0.0, 2.0, 2.0]],
    "bins_inf": ["OverflowError", "cannot convert float infinity to integer"],
    "bins_nan": ["ValueError", "cannot convert float NaN to integer"],
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    where = tmp_path_factory.mktemp("kernels")
    (where / "bounds_kernels.py").write_text(_KERNELS)
    return run_json_child(_CHILD.replace("sys.argv[1]", repr(str(where))), tmp_path_factory.mktemp("cache"))


@pytest.mark.parametrize("case", sorted(_EXPECTED))
def test_out_of_range_raises_numpys_index_error_and_in_range_gives_numpys_result(results, case):
    assert results[case] == [_EXPECTED[case]] * 3


def test_expected_values_are_numpys():
    """The expectations above are what NumPy itself gives (the scatter's in-range sum and the
    errors' wording)."""
    out = [0.0] * 4
    for v, i in zip(range(5), [3, -1, 0, 2, 3]):
        out[i] += v
    assert out == _EXPECTED["scatter_in"][1]
    import numpy as np
    with pytest.raises(IndexError, match=_EXPECTED["grid_oob"][1]):
        np.ones((2, 3))[1, 3]
    with pytest.raises(IndexError, match=_EXPECTED["from_end_oob"][1]):
        np.arange(4.0)[-5]
    assert [int(v) % 3 for v in (1.5, 2.0, -4.2, 7.9)] == [1, 2, 2, 1]
    for value, (error, message) in ((-np.inf, _EXPECTED["bins_inf"]), (np.nan, _EXPECTED["bins_nan"])):
        with pytest.raises({"OverflowError": OverflowError, "ValueError": ValueError}[error], match=message):
            int(value)


_PROVEN = '''
def f(x, y):
    s = 0.0
    for i in range(x.shape[0] - 1):
        s += x[i + 1] - x[i] + y[i, 2]
    return s
'''


def test_indices_proven_in_range_are_not_checked():
    module = loopfront.trace_loops(_PROVEN, shapes={"x": ("n",), "y": ("n", 3)})
    assert module.program.fault is None
    assert "fault" not in print_loop_module(module)


def test_a_data_dependent_index_is_checked():
    source = "def f(x, idx):\n    s = 0.0\n    for i in range(idx.shape[0]):\n        s += x[idx[i]]\n    return s\n"
    module = loopfront.trace_loops(source, shapes={"x": ("n",), "idx": ("m",)}, dtypes={"idx": "i64"})
    assert module.program.fault is not None


def test_a_checked_kernel_is_traced_once(monkeypatch):
    """The first trace emits the checks and their way out (no second trace to add them), and a
    check outside inner loops breaks out of its loop itself (no flag test after it)."""
    runs = []
    real_run = loopfront._KernelTracer.run
    monkeypatch.setattr(loopfront._KernelTracer, "run", lambda self: runs.append(1) or real_run(self))
    source = _KERNELS.split("def copy_n")[0].replace("import numpy as np\n", "")
    module = loopfront.trace_loops(source, "scatter", shapes={"x": ("n",), "idx": ("n",)}, dtypes={"idx": "i64"})
    assert runs == [1] and module.program.fault is not None
    text = print_loop_module(module)
    assert text.count("if %returned {") == 1   # after the loop over idx, out of the one-trip loop
