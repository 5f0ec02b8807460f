"""`--shard i/N` splits the files deterministically; `shapecheck merge` joins the shards' outputs;
the progress line shows only on a terminal."""

from __future__ import annotations

import io
import json

import pytest

from shapecheck.cli.progress import Progress
from shapecheck.cli.shard import parse_shard, select_shard, shard_of


@pytest.fixture
def tree(write):
    write("setup.py", "")
    for index in range(12):
        write(f"pkg/m{index:02}.py", "x = f(y)  # emit: SC102\nz = 1  # emit: SC120\n")
    write("pkg/clean.py", "x = 1\n")


def test_shards_partition_the_files_independently_of_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = [f"pkg/m{i}.py" for i in range(200)]
    shards = [select_shard(files, tmp_path, (i, 4)) for i in (1, 2, 3, 4)]
    assert sorted(sum(shards, [])) == sorted(files)
    assert all(30 <= len(shard) <= 70 for shard in shards)   # balanced
    assert select_shard(list(reversed(files)), tmp_path, (2, 4)) == list(reversed(shards[1]))
    for i in range(20):   # however the path is spelled
        spellings = (f"pkg/m{i}.py", f"./pkg/../pkg/m{i}.py", str(tmp_path / "pkg" / f"m{i}.py"))
        assert len({shard_of(path, tmp_path, 4) for path in spellings}) == 1


def test_parse_shard_rejects_nonsense():
    assert parse_shard("2/3") == (2, 3)
    for bad in ("0/3", "4/3", "1", "a/b", "1/0"):
        with pytest.raises(ValueError):
            parse_shard(bad)


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_merged_shards_equal_the_unsharded_run(run, tree, tmp_path, fmt):
    whole = run("check", ".", "--output-format", fmt)
    names = []
    for index in (1, 2, 3):
        part = run("check", ".", "--output-format", fmt, "--shard", f"{index}/3")
        assert part.status in (0, 1)
        (tmp_path / f"s{index}.json").write_text(part.out)
        names.append(f"s{index}.json")
    merged = run("merge", *reversed(names))
    assert merged.out == whole.out
    assert merged.status == whole.status == 1
    assert json.loads(merged.out)   # valid


def test_merge_exit_status_follows_check(run, write):
    write("warn.json", json.dumps([{"path": "a.py", "line": 1, "column": 1, "code": "SC120",
                                    "severity": "warning", "message": "m"}]))
    write("crash.json", json.dumps([{"path": "b.py", "line": 1, "column": 1, "code": "SC003",
                                     "severity": "error", "message": "m"}]))
    write("empty.json", "[]")
    write("sarif.json", json.dumps({"version": "2.1.0", "runs": [{"results": []}]}))
    write("junk.json", "{not json")
    assert run("merge", "empty.json", "warn.json").status == 0
    assert run("merge", "warn.json", "--strict").status == 1
    assert run("merge", "crash.json", "--exit-zero").status == 101
    assert run("merge", "junk.json").status == 2
    assert run("merge", "empty.json", "sarif.json").status == 2
    assert run("merge", "missing.json").status == 2


def test_shard_usage_error(run, tree):
    assert run("check", ".", "--shard", "5/4").status == 2


def test_no_progress_on_a_pipe_or_for_short_runs(run, tree):
    assert "files" not in run("check", ".").err      # captured stderr is not a terminal
    quick = Progress(3, io.StringIO(), enabled=True)   # under a second: nothing drawn
    quick.advance(3)
    quick.close()
    assert quick.stream.getvalue() == ""
    slow = Progress(4, io.StringIO(), enabled=True, delay=0)
    slow.advance()
    assert slow.stream.getvalue().startswith("\r[#######")
    assert "1/4 files" in slow.stream.getvalue()
    slow.close()
    assert slow.stream.getvalue().endswith("\r")
