"""Compile LLVM IR to host object code and load it into the process.

One MCJIT execution engine per process holds every kernel; each kernel arrives as an object file
(freshly compiled, or read from the disk cache) and its entry points are looked up by name.
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


def compile_ir(ir_text: str, entry_points: tuple[str, ...], tuning: tuple = DEFAULT.tuning) -> LoadedObject:
    """Compile (or fetch from cache) ``ir_text`` and return its entry points' addresses."""
    identity = target.host().cache_identity
    if tuning != DEFAULT.tuning:   # the same IR optimised otherwise is other object code
        identity += f";tuning={tuning}"
    key = cache.cache_key(ir_text, identity)
    with _lock:
        if key in _loaded:
            return _loaded[key]
        obj = cache.load(key)
        from_disk = obj is not None
        if obj is None:
            obj = object_code(ir_text, tuning)
            cache.store(key, obj)
        engine = _engine()
        engine.add_object_file(llvm.ObjectFileRef.from_data(obj))
        engine.finalize_object()
        addresses = {name: engine.get_function_address(name) for name in entry_points}
        missing = [name for name, address in addresses.items() if not address]
        if missing:
            raise RuntimeError(f"compiled object lacks entry points {missing}")
        loaded = _loaded[key] = LoadedObject(key, addresses, from_disk)
        return loaded
