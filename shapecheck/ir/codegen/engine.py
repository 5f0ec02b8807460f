"""Compile LLVM IR to host object code and load it into the process.

One MCJIT execution engine per process holds every kernel; each kernel arrives as an object file
(freshly compiled, or read from the disk cache) and its entry points are looked up by name.
A program is two objects: its kernels, optimised at O3, and the glue that calls them from Python
(trampolines, native entry: ``lower.lower_glue``), emitted at O0 without optimisation; the glue's
calls of the kernels are resolved by symbol when both are loaded, as are its entry's calls of the
helpers every entry shares (``entryhelpers``: glue too, loaded once per process, ``load_glue``).
``compile_ir`` is memoised per IR text, so a specialisation is compiled once per process and a
kernel name is never loaded twice.
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

import llvmlite.binding as llvm

from . import cache, target
from .optimize import optimize
from .schedule import DEFAULT

_lock = threading.Lock()
_loaded: dict[str, "LoadedObject"] = {}


@dataclass(frozen=True)
class LoadedObject:
    """Entry-point addresses of one loaded object, and whether it came from the disk cache."""

    key: str
    addresses: dict
    from_disk: bool


@functools.cache
def _engine() -> "llvm.ExecutionEngine":
    machine = target.host_machine()
    empty = llvm.parse_assembly("")
    empty.triple = machine.triple
    empty.data_layout = str(machine.target_data)
    return llvm.create_mcjit_compiler(empty, machine)


def optimized_module(ir_text: str, level: int = 3, tuning: tuple = DEFAULT.tuning) -> "llvm.ModuleRef":
    """Parse, verify and optimise ``ir_text`` for the host; raises ``RuntimeError`` on bad IR.
    ``tuning`` is a schedule's ``(unroll, interleave)`` (``schedule.py``)."""
    module = llvm.parse_assembly(ir_text)
    module.verify()
    optimize(module, target.host_machine(), level, *tuning)
    return module


def object_code(ir_text: str, tuning: tuple = DEFAULT.tuning) -> bytes:
    """Host object code for ``ir_text`` at O3."""
    return target.host_machine().emit_object(optimized_module(ir_text, tuning=tuning))


def glue_module(ir_text: str) -> "llvm.ModuleRef":
    """Parse and verify glue (``lower.lower_glue``) for the host; it is not optimised."""
    module = llvm.parse_assembly(ir_text)
    module.verify()
    machine = target.host_machine(0)
    module.triple = machine.triple
    module.data_layout = str(machine.target_data)
    return module


def glue_object_code(ir_text: str) -> bytes:
    """Host object code for glue at O0: straight-line code run once per call, for which the O3
    code generator's passes (greedy register allocation, scheduling) cost twice the O0 ones'
    and gain nothing measurable per call."""
    return target.host_machine(0).emit_object(glue_module(ir_text))


def compile_ir(ir_text: str, entry_points: tuple[str, ...], tuning: tuple = DEFAULT.tuning,
               glue_text: str = "") -> LoadedObject:
    """Compile (or fetch from cache) ``ir_text`` and its ``glue_text`` (the code that calls it)
    and return their entry points' addresses."""
    identity = target.host().cache_identity
    if tuning != DEFAULT.tuning:   # the same IR optimised otherwise is other object code
        identity += f";tuning={tuning}"
    return _load(cache.cache_key(ir_text + "\0" + glue_text, identity), entry_points,
                 lambda: [object_code(ir_text, tuning)] + ([glue_object_code(glue_text)] if glue_text else []))


def load_glue(glue_text: str, entry_points: tuple[str, ...] = ()) -> LoadedObject:
    """Compile glue alone, at O0, and load it, once per process: the helpers every native entry
    calls (``entryhelpers``), loaded before the first program that calls them (whose calls of
    them are resolved by symbol, as its glue's calls of its kernels). Not kept on disk: a
    millisecond once per process, and each disk entry stays one program's."""
    return _load(cache.cache_key("glue\0" + glue_text, target.host().cache_identity), entry_points,
                 lambda: [glue_object_code(glue_text)], on_disk=False)


def _load(key: str, entry_points: tuple[str, ...], make_objects, on_disk: bool = True) -> LoadedObject:
    with _lock:
        if key in _loaded:
            return _loaded[key]
        cached = cache.load(key) if on_disk else None
        objects = _unpack(cached) if cached is not None else None
        from_disk = objects is not None
        if objects is None:   # every object made before any is loaded: a failure loads none
            objects = make_objects()
            if on_disk:
                cache.store(key, _pack(objects))
        engine = _engine()
        for obj in objects:
            engine.add_object_file(llvm.ObjectFileRef.from_data(obj))
        engine.finalize_object()
        addresses = {name: engine.get_function_address(name) for name in entry_points}
        missing = [name for name, address in addresses.items() if not address]
        if missing:
            raise RuntimeError(f"compiled object lacks entry points {missing}")
        loaded = _loaded[key] = LoadedObject(key, addresses, from_disk)
        return loaded


def _pack(objects: list[bytes]) -> bytes:
    """One cache entry holding a program's objects (kernels, glue), each after its length."""
    return b"".join(len(obj).to_bytes(8, "little") + obj for obj in objects)


def _unpack(data: bytes) -> list[bytes] | None:
    """The objects of a :func:`_pack` entry, or None if its lengths do not add up."""
    objects, at = [], 0
    while at + 8 <= len(data):
        size = int.from_bytes(data[at:at + 8], "little")
        objects.append(data[at + 8:at + 8 + size])
        at += 8 + size
    return objects if objects and at == len(data) else None
