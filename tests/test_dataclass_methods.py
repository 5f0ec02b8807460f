"""dataclass_methods.py: shapecheck's dataclass methods compiled once and kept across runs (M1-M3)."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

from shapecheck import dataclass_methods
from shapecheck.dataclass_methods import MAGIC_NUMBER, _Cache

#: Every option whose generated text differs: defaults, factories, init=False, kw_only, InitVar,
#: __post_init__, order, slots, unsafe_hash, a frozen class and a mutable one.
SOURCE = '''
from __future__ import annotations
import dataclasses
from dataclasses import dataclass, field, InitVar, KW_ONLY

@dataclass(frozen=True)
class Dim:
    name: str
    size: int = 1
    tags: tuple = field(default_factory=tuple)

@dataclass(order=True, slots=True)
class Box:
    low: int
    high: int = field(default=9, compare=False)
    _: KW_ONLY
    label: str = "box"
    seen: list = field(default_factory=list, repr=False)
    scale: InitVar[int] = 1
    area: int = field(init=False, default=0)

    def __post_init__(self, scale):
        self.area = (self.high - self.low) * scale

@dataclass(unsafe_hash=True, eq=True)
class Keyed:
    key: object
'''


def _module(name: str) -> types.ModuleType:
    """The classes of SOURCE made in a module called ``name`` (dataclasses reads its globals)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(SOURCE, f"<{name}>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def _behaviour(module: types.ModuleType) -> list:
    Dim, Box, Keyed = module.Dim, module.Box, module.Keyed
    out = [repr(Dim("n")), Dim("n", 2) == Dim("n", 2), hash(Dim("n", 2)) == hash(Dim("n", 2)),
           repr(Box(1, 4, label="b", scale=3)), Box(1, 4) < Box(2, 0), Box(1, 4) == Box(1, 5),
           Box(1, 4, scale=2).area, hash(Keyed(3)) == hash(Keyed(3)), repr(Keyed((1,)))]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Dim("n").size = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del Dim("n").name
    with pytest.raises(TypeError):
        Box(1, 2, "positional")    # label is keyword-only
    out.append([(f.name, f.init, f.repr, f.compare) for c in (Dim, Box, Keyed) for f in dataclasses.fields(c)])
    out.append(dataclasses.replace(Dim("n", 2), size=5))
    out.append({name: str(value) for name, value in Box.__init__.__annotations__.items()})
    return [repr(x) for x in out]


def _methods(module: types.ModuleType) -> dict:
    return {f"{cls}.{name}": (fn.__code__.co_code, fn.__code__.co_consts, fn.__code__.co_names)
            for cls in ("Dim", "Box", "Keyed") for name, fn in vars(getattr(module, cls)).items()
            if isinstance(fn, types.FunctionType) and fn.__code__.co_filename == "<string>"}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of its own in tmp_path, written as Python writes bytecode (and not again at exit)."""
    fresh = _Cache(str(tmp_path / "methods"))
    monkeypatch.setattr(dataclass_methods, "CACHE", fresh)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    yield fresh
    fresh.compiled = 0


def test_the_methods_from_the_cache_are_those_dataclasses_compiles(cache, monkeypatch):
    cached = _module("shapecheck._probe_cached")
    # 3.10-3.12 compile each method alone: Dim's 6 (frozen: __setattr__, __delattr__, __hash__),
    # Box's 7 (order: __lt__ ...), Keyed's 4; 3.13 compiles a class's methods together
    assert cache.compiled == (17 if sys.version_info < (3, 13) else 3)
    monkeypatch.setattr(dataclasses, "exec", dataclass_methods._builtin_exec)
    plain = _module("shapecheck._probe_plain")
    assert _methods(cached) == _methods(plain) and _methods(plain)
    assert _behaviour(cached) == _behaviour(plain)


def test_a_second_run_compiles_nothing(cache, tmp_path, monkeypatch):
    first = _behaviour(_module("shapecheck._probe_first"))
    cache.flush()
    assert (tmp_path / "methods").read_bytes().startswith(MAGIC_NUMBER)
    second_run = _Cache(cache.path)
    monkeypatch.setattr(dataclass_methods, "CACHE", second_run)
    assert _behaviour(_module("shapecheck._probe_second")) == first
    assert second_run.compiled == 0 and len(second_run.used) == len(cache.used)


def test_a_check_writes_the_file_on_its_way_out_and_the_next_finds_every_method(tmp_path):
    # `shapecheck check` ends with os._exit (no atexit): _leave writes the file; the next process
    # compiles nothing, so it has nothing to write (the file is left as it was)
    (tmp_path / "a.py").write_text("import numpy as np\nx = np.ones((2, 3)) @ np.ones((3, 4))\n")
    env = {**os.environ, "PYTHONPATH": str(Path(dataclass_methods.__file__).parents[1]),
           "PYTHONPYCACHEPREFIX": str(tmp_path / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def check() -> bytes:
        run = subprocess.run([sys.executable, "-m", "shapecheck", "check", "-j", "1", "--no-cache", "a.py"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        [written] = (tmp_path / "pycache").rglob("dataclass_methods.*.methods")
        return written.read_bytes(), written.stat().st_mtime_ns

    first = check()
    assert len(dataclass_methods._read_bytes(first[0])) > 100   # every class of a check's start-up
    assert check() == first


def test_other_programs_dataclasses_are_not_kept(cache):
    _module("user_code")
    assert cache.codes is None and not cache.compiled


def _damaged(good: bytes) -> list[bytes]:
    """The file cut short and with bytes changed (marshal itself raises SystemError on some)."""
    rng = random.Random(7)
    out = [good[:n] for n in (0, 3, len(MAGIC_NUMBER) + 2, len(good) // 2, len(good) - 1)]
    for _ in range(40):
        data = bytearray(good)
        for _ in range(rng.randrange(1, 5)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        out.append(bytes(data))
    return out


@pytest.mark.parametrize("content", [b"", b"garbage", MAGIC_NUMBER + b"\x00\x01", MAGIC_NUMBER + b"N",
                                     b"\x00\x00\r\n" + b"x" * 40, "damaged"])
def test_a_corrupt_or_foreign_file_is_an_empty_cache(cache, tmp_path, content):
    if content == "damaged":
        _module("shapecheck._probe_good")
        cache.flush()
        good = (tmp_path / "methods").read_bytes()
        assert dataclass_methods._read_bytes(good).keys() == cache.used
        assert all(dataclass_methods._read_bytes(data) == {} for data in _damaged(good) if data != good)
        cache.codes, cache.used = None, set()
        content = _damaged(good)[-1]
    (tmp_path / "methods").write_bytes(content)
    assert _behaviour(_module("shapecheck._probe_corrupt")) == _behaviour(_module("shapecheck._probe_again"))
    assert cache.compiled == len(cache.used) > 0
    cache.flush()                      # and is replaced by a good one
    assert dataclass_methods._read(cache.path).keys() == cache.used


def test_nothing_is_written_where_bytecode_is_not(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _module("shapecheck._probe_readonly")
    cache.flush()
    assert not (tmp_path / "methods").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    cache.path = str(tmp_path / "missing" / "file-in-place-of-a-folder")
    (tmp_path / "missing").write_text("")
    cache.flush()                      # an unwritable place: no error, no file
    assert list(tmp_path.iterdir()) == [tmp_path / "missing"]
