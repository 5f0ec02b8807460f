"""Numbers at the native entry: a scalar argument passed as a Python float/int/bool or a NumPy
scalar, and a 0-d result returned as NumPy's scalar, without the Python path (a call costs what
an array call costs). The entry takes a number only as the kind its version was made for
(NEP 50: a Python float is weak, a NumPy scalar or 0-d array is not), so calls alternating kinds
get NumPy's dtypes each time; references are neither leaked nor stolen. In a child process, so
a regression in compiled code fails these tests instead of killing the run."""

from __future__ import annotations

import os
import textwrap

import pytest

from child_process import run_json_child

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""
    import gc, json, sys, tracemalloc
    import numpy as np
    sys.path.insert(0, {here!r})
    import shapecheck
    import loop_functions as F

    results = {{}}

    def same(got, want):
        got, want = (got if isinstance(got, tuple) else (got,)), (want if isinstance(want, tuple) else (want,))
        return len(got) == len(want) and all(type(g) is type(w) and np.asarray(g).dtype == np.asarray(w).dtype
                                             and np.allclose(g, w) for g, w in zip(got, want))

    x32 = np.linspace(-1.0, 1.0, 16, dtype=np.float32)
    scale = shapecheck.jit(F.scaled_and_summed)
    kinds = [2.5, np.float64(2.5), np.float32(2.5), np.array(2.5), 3, np.int64(3), True, np.bool_(False), 2.5]
    for round_ in range(2):     # the second round meets every version's native entry
        for a in kinds:
            results[f"{{round_}}:{{type(a).__name__}}"] = same(scale(x32, a), F.scaled_and_summed(x32, a))
    results["fast"] = scale._fast is not None

    count = shapecheck.jit(F.partial_sum)
    x = np.arange(10.0)
    for k in (3, np.int64(4), np.int32(5), 2 ** 40, 3):
        try:
            results[f"count:{{type(k).__name__}}:{{k}}"] = same(count(x, k, True), F.partial_sum(x, k, True))
        except IndexError as error:   # past the array: the loop's check, as Python's
            results[f"count:{{type(k).__name__}}:{{k}}"] = type(error).__name__
    try:
        count(x, 2 ** 70, True)
    except OverflowError as error:
        results["big"] = "OverflowError"
    results["count_fast"] = count._fast is not None

    # References: numbers passed keep their counts, results are the caller's alone; no memory held.
    a, k, flag = 1.0 + 1.5, 2 ** 20 + 7, True
    before = sys.getrefcount(a), sys.getrefcount(k)
    for _ in range(2000):
        out = scale(x32, a)
        total = count(x, 3, flag)
    results["refs_kept"] = before == (sys.getrefcount(a), sys.getrefcount(k))
    results["result_refs"] = [sys.getrefcount(out[0]) - 1, sys.getrefcount(total) - 1]
    gc.collect()
    tracemalloc.start()
    for _ in range(5000):
        out = scale(x32, a)
        total = count(x, 3, flag)
    del out, total
    gc.collect()
    results["held_kb"] = tracemalloc.get_traced_memory()[0] // 1024
    tracemalloc.stop()
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(here=HERE), tmp_path_factory.mktemp("cache"), timeout=300)


def test_every_kind_of_number_gets_numpys_answer_and_dtype_on_every_call(outcomes):
    wrong = {k: v for k, v in outcomes.items() if k[0] in "01" and v is not True}
    assert not wrong, wrong
    assert outcomes["fast"] and outcomes["count_fast"]


def test_ints_and_booleans_and_an_int_past_int64(outcomes):
    assert outcomes["count:int:3"] is True and outcomes["count:int64:4"] is True and outcomes["count:int32:5"] is True
    assert outcomes["count:int:1099511627776"] == "IndexError"
    assert outcomes["big"] == "OverflowError"


def test_references_are_neither_leaked_nor_stolen(outcomes):
    assert outcomes["refs_kept"]
    assert outcomes["result_refs"] == [1, 1]
    assert outcomes["held_kb"] < 64, outcomes["held_kb"]
