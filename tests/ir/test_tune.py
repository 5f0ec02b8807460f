"""Schedule search (``shapecheck/ir/tune.py``, ``codegen/schedule.py``, ``shapecheck tune``):
every schedule computes the default's answer, the best is kept in the cache, and jit uses it.
No timing is asserted (the machine is shared): only that measuring happened and what was kept."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.cli.app import main
from shapecheck.ir import compile_to_loops, runtime, trace
from shapecheck.ir.codegen.schedule import DEFAULT, Schedule
from shapecheck.ir.tune import lookup, random_inputs, schedule_key, space, tune


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPECHECK_CACHE_DIR", str(tmp_path / "cache"))


SOURCE = '''import numpy as np


def matmul(a, b):
    return a @ b


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
'''


@pytest.fixture
def source_file(tmp_path):
    path = tmp_path / "kernels.py"
    path.write_text(SOURCE)
    return path


def _loops(name, shapes):
    return compile_to_loops(trace(SOURCE, name, shapes=shapes))


def test_schedule_json_round_trips_and_rejects_junk():
    s = Schedule(6, 2, 256, False, True, 2)
    assert Schedule.from_json(s.to_json()) == s
    for bad in ("[]", "{", '{"tile_rows": "4"}', '{"nope": 1}', '{"unroll": 1}'):
        with pytest.raises(ValueError):
            Schedule.from_json(bad)


def test_matmul_space_has_tiles_and_a_reduction_space_does_not():
    mm = space(_loops("matmul", {"a": (64, 48), "b": (48, 40)}))
    assert mm[0] == DEFAULT and len({(s.tile_rows, s.tile_vectors) for s in mm}) > 1
    sm = space(_loops("softmax", {"x": (64, 40)}))
    assert {(s.tile_rows, s.tile_vectors) for s in sm} == {(4, 2)}
    assert {s.unroll for s in sm} == {True, False}


@pytest.mark.parametrize("name,shapes", [("matmul", {"a": (37, 48), "b": (48, 40)}),
                                         ("softmax", {"x": (33, 40)})])
def test_every_schedule_sampled_computes_the_default_answer(name, shapes):
    loops = _loops(name, shapes)
    args = random_inputs(loops, seed=3)
    want = runtime.build(loops)(*args)
    schedules = space(loops)
    for s in schedules[:: max(1, len(schedules) // 8)]:
        np.testing.assert_allclose(runtime.build(loops, schedule=s)(*args), want, rtol=1e-4, atol=1e-5)


def test_tune_keeps_the_best_and_jit_uses_it(source_file):
    loops = _loops("matmul", {"a": (32, 32), "b": (32, 32)})
    assert lookup(loops) == DEFAULT
    result = tune(loops, budget=4, repeat=2)
    assert len(result.trials) == 4 and result.trials[0].schedule == DEFAULT
    assert all(t.seconds is not None and t.seconds > 0 for t in result.trials)
    assert lookup(loops) == result.best and result.key == schedule_key(loops)

    import importlib.util
    spec = importlib.util.spec_from_file_location("kernels_for_tune", source_file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    compiled = shapecheck.jit(module.matmul)
    a, b = random_inputs(loops, seed=1)
    np.testing.assert_allclose(compiled(a, b), a @ b, rtol=1e-4, atol=1e-4)
    (specialization,) = compiled.specializations.values()
    assert specialization.schedule == result.best


def test_cli_tune_prints_trials_and_keeps_the_best(source_file, capsys):
    status = main(["tune", f"{source_file}::softmax", "--shape", "x=16,24", "--budget", "3", "--repeat", "1"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.count(" ms") >= 4 and "kept in the compile cache" in out
    assert lookup(_loops("softmax", {"x": (16, 24)})) != DEFAULT or "1.00x" in out


def test_cli_tune_needs_concrete_shapes(source_file, capsys):
    status = main(["tune", f"{source_file}::softmax", "--shape", "x=n,24"])
    assert status == 2
    assert "tuning needs concrete shapes; n is symbolic" in capsys.readouterr().err


def test_a_damaged_cache_entry_is_the_default(tmp_path):
    from shapecheck.ir.codegen import cache
    loops = _loops("softmax", {"x": (8, 8)})
    cache.store(schedule_key(loops), b"{not json", ".schedule")
    assert lookup(loops) == DEFAULT
