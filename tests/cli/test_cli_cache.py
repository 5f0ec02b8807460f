"""The cache: a warm run reuses reports, and anything that could change one is a miss."""

from __future__ import annotations

import json
import os

import pytest

from shapecheck import api
from shapecheck.cache import hashes, store
from shapecheck.cache.store import CACHEDIR_TAG, FORMAT


@pytest.fixture
def analysed(monkeypatch, fake_analyzer):
    """The stand-in analyser, counting the files it analyses; a file whose text names `dep.py`
    records it as a loaded project module (as the real analyser does for an import)."""
    calls: list[str] = []

    def counting(source, path="<string>", *, project=None, options=None):
        calls.append(os.path.basename(path))
        report = fake_analyzer(source, path, project=project, options=options)
        text = source.decode() if isinstance(source, bytes) else source
        if "dep.py" in text:
            report.loaded_modules = [os.path.realpath(path), os.path.realpath("dep.py")]
        return report

    monkeypatch.setattr(api, "check_source", counting)
    return calls


@pytest.fixture
def tree(write):
    write("setup.py", "")
    write("a.py", "x = f(y)  # emit: SC102\n")
    write("b.py", "import dep  # dep.py\nz = g(x)  # emit: SC101\n")
    write("dep.py", "y = 1\n")


def _entries(tmp_path):
    return sorted((tmp_path / ".shapecheck_cache").glob("*/*.json"))


def test_warm_run_reuses_every_report(run, tree, analysed, tmp_path):
    cold = run("check", ".")
    assert sorted(analysed) == ["a.py", "b.py", "dep.py", "setup.py"]
    analysed.clear()
    warm = run("check", ".")
    assert analysed == [] and (warm.status, warm.out) == (cold.status, cold.out) and cold.status == 1
    cache = tmp_path / ".shapecheck_cache"
    assert (cache / "CACHEDIR.TAG").read_text() == CACHEDIR_TAG
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert (cache / ".gitignore").read_text() == "*\n"
    assert len(_entries(tmp_path)) == 4


def test_statistics_come_from_the_cache_too(run, write, analysed):
    write("s.py", "a = g(x)  # unknown-call: torch.g\n")
    cold = run("check", "s.py", "--statistics")
    warm = run("check", "s.py", "--statistics")
    assert analysed == ["s.py"] and warm.out == cold.out and "torch.g" in warm.out


def test_statistics_take_only_an_entry_made_with_coverage(run, write, analysed):
    """A plain check skips the coverage-only analyses (Options.coverage): its entry serves plain
    checks and the editor, not --statistics, whose entry serves both."""
    write("s.py", "a = g(x)  # unknown-call: torch.g\n")
    run("check", "s.py")
    run("check", "s.py")
    assert analysed == ["s.py"]
    with_coverage = run("check", "s.py", "--statistics")
    assert analysed == ["s.py", "s.py"] and "torch.g" in with_coverage.out
    run("check", "s.py")
    run("check", "s.py", "--statistics")
    assert analysed == ["s.py", "s.py"]


def test_edits_to_the_file_or_an_imported_module_are_misses(run, tree, analysed, write):
    run("check", ".")
    analysed.clear()
    write("a.py", "x = f(y)  # emit: SC104\n")
    assert "SC104" in run("check", ".").out and analysed == ["a.py"]
    analysed.clear()
    write("dep.py", "y = 2\n")
    run("check", ".")
    assert sorted(analysed) == ["b.py", "dep.py"]   # b.py read dep.py


def test_options_are_part_of_the_key(run, tree, analysed):
    run("check", ".")
    analysed.clear()
    run("check", ".", "--strict")
    assert len(analysed) == 4


@pytest.mark.parametrize("damage", ["corrupt", "truncated", "foreign", "empty", "other-key"])
def test_a_damaged_entry_is_ignored_and_rebuilt(run, tree, analysed, tmp_path, damage):
    cold = run("check", ".")
    entries = _entries(tmp_path)
    for entry in entries:
        text = entry.read_text()
        entry.write_text({"corrupt": "\x00garbage{", "truncated": text[: len(text) // 2],
                          "foreign": json.dumps({"hello": "world"}), "empty": "",
                          "other-key": text.replace('"key":"', '"key":"0')}[damage])
    analysed.clear()
    again = run("check", ".")
    assert (again.status, again.out) == (cold.status, cold.out) and len(analysed) == 4
    assert all(json.loads(entry.read_text())["format"] == FORMAT for entry in entries)
    analysed.clear()
    run("check", ".")
    assert analysed == []


def test_no_cache_and_cache_dir(run, tree, analysed, tmp_path):
    run("check", ".", "--no-cache")
    assert not (tmp_path / ".shapecheck_cache").exists()
    run("check", ".", "--cache-dir", "elsewhere")
    assert (tmp_path / "elsewhere" / "CACHEDIR.TAG").is_file()
    analysed.clear()
    run("check", ".", "--cache-dir", "elsewhere")
    assert analysed == []


def test_crashes_are_never_cached(run, write, analysed):
    write("boom.py", "boom()  # crash\n")
    assert run("check", "boom.py").status == 101
    assert run("check", "boom.py").status == 101 and analysed == ["boom.py", "boom.py"]


def test_no_temporary_files_are_left(run, tree, tmp_path):
    run("check", ".")
    leftovers = [p for p in (tmp_path / ".shapecheck_cache").rglob("*") if p.name.startswith(".tmp-")]
    assert leftovers == []


def test_the_analyser_records_the_project_modules_it_read(tmp_path):
    (tmp_path / "helper.py").write_text("import numpy as np\ndef make():\n    return np.zeros((2, 3))\n")
    user = tmp_path / "user.py"
    user.write_text("from helper import make\nx = make()\n")
    report = api.check_source(user.read_bytes(), str(user),
                              project=api.Project.at_root(tmp_path, api.Options()))
    assert os.path.realpath(tmp_path / "helper.py") in report.loaded_modules


def test_one_entry_serves_every_spelling_of_a_path(run, tree, analysed, tmp_path):
    """``a.py`` from the root and ``/abs/a.py`` (an editor's path) share one entry, and the report
    read back carries the path as this run spells it."""
    cold = run("check", "a.py")
    analysed.clear()
    absolute = os.path.join(os.path.realpath(tmp_path), "a.py")
    warm = run("check", absolute)
    assert analysed == [] and warm.out == cold.out.replace("a.py", absolute)


@pytest.fixture
def reads(monkeypatch):
    """The source files the cache reads (to hash them), by name."""
    names: list[str] = []

    def reading(path):
        names.append(os.path.basename(path))
        return api.read_source(path)

    monkeypatch.setattr(store, "read_source", reading)
    return names


def test_a_warm_run_reads_no_unchanged_file(run, tree, analysed, reads, monkeypatch, tmp_path):
    """hashes.json: the files' hashes by their stat (hashes.py H1), written once per run."""
    monkeypatch.setattr(hashes, "RACY_NS", -1)   # the files were just written: remember them anyway
    cold = run("check", ".")
    assert (tmp_path / ".shapecheck_cache" / store.HASHES_NAME).is_file()
    reads.clear()
    analysed.clear()
    warm = run("check", ".")
    assert reads == [] and analysed == [] and warm.out == cold.out
    os.utime(tmp_path / "dep.py", ns=(0, 0))     # same bytes, another stat: hashed again, still a hit
    warm = run("check", ".")
    assert reads == ["dep.py"] and analysed == [] and warm.out == cold.out


def test_a_file_changed_within_a_timestamp_tick_is_hashed_again(run, tree, analysed, reads, write):
    """H2: a file younger than RACY_NS is not remembered: an edit that keeps its size and lands in
    the same mtime tick is still seen."""
    run("check", ".")
    reads.clear()
    analysed.clear()
    write("a.py", "x = f(y)  # emit: SC104\n")       # the same size as before
    assert "SC104" in run("check", ".").out and analysed == ["a.py"] and "a.py" in reads


@pytest.mark.parametrize("damage", ["\x00garbage{", '{"format": "other"}', '{"format": "shapecheck-hashes/1", "files": {"x": 1}}'])
def test_a_damaged_hash_memo_is_an_empty_one(run, tree, analysed, tmp_path, damage):
    cold = run("check", ".")
    (tmp_path / ".shapecheck_cache" / store.HASHES_NAME).write_text(damage)
    analysed.clear()
    assert run("check", ".").out == cold.out and analysed == []


def test_the_analyser_digest_covers_its_stubs(tmp_path, monkeypatch):
    """An entry is shapecheck's answer with its rules, messages and library stubs (stubs/*.pyi, read
    in place of a library): an edit to any of them is another analyser, and every entry a miss."""
    (tmp_path / "stubs" / "pathlib").mkdir(parents=True)
    stub = tmp_path / "stubs" / "pathlib" / "__init__.pyi"
    stub.write_text("class Path: ...\n")
    (tmp_path / "rules.py").write_text("TABLE = {}\n")
    monkeypatch.setattr(store, "_PACKAGE", tmp_path)
    before = store.shapecheck_digest()
    assert store.shapecheck_digest() == before
    stub.write_text("class Path:\n    name = ''\n")
    assert store.shapecheck_digest() != before
