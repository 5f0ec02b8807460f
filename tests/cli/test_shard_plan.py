"""`shapecheck shard-plan`: a plan with its byte count, checked on the NumPy mesh simulation."""

from __future__ import annotations

from shapecheck.cli import app


def test_plan_prints_steps_bytes_and_verifies(capsys):
    status = app.main(["shard-plan", "--mesh", "dp=2,tp=4", "--shape", "8,1024,4096", "--from", "P('dp', None, None)",
                       "--partial", "tp", "--to", "P('dp', 'tp', None)", "--dtype", "bfloat16", "--verify"])
    out = capsys.readouterr().out
    assert status == 0
    assert "reduce_scatter over 'tp' (scatter onto dim 1)" in out
    assert "1 step, 25165824 bytes per device" in out   # 3/4 of the 4 * 1024 * 4096 * 2-byte piece
    assert "every piece matches the target" in out


def test_bad_layouts_are_usage_errors(capsys):
    assert app.main(["shard-plan", "--mesh", "tp=4", "--shape", "6,4", "--from", "tp", "--to", "-"]) == 2
    assert "does not split (6, 4) evenly" in capsys.readouterr().err
    assert app.main(["shard-plan", "--mesh", "tp=4", "--shape", "8,4", "--from", "sp", "--to", "-"]) == 2
    assert "not in the mesh" in capsys.readouterr().err
    assert app.main(["shard-plan", "--mesh", "tp", "--shape", "8,4", "--from", "tp", "--to", "-"]) == 2
