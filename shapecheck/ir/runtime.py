"""Running a compiled loop program on NumPy arrays: guards, allocation, threads.

``build(loop_module)`` compiles every kernel of a ``shapecheck.ir.loops.LoopModule`` (through
``codegen``) and returns an :class:`Executable`; calling it with arrays runs the program.

The rules an ``Executable`` enforces before any compiled code runs (a wrong argument is a Python
exception, never a crash or a silently wrong answer):

- each argument is an ``np.ndarray`` of exactly the declared dtype (no implicit casts: a float64
  array passed for a float32 parameter is a ``TypeError``, as is a non-native byte order);
- its rank and every concrete dim match, and dims named by the same shape variable agree
  (``ValueError`` naming the argument, the expected and the actual shape);
- layout: C-contiguous, aligned arrays are used in place, without a copy. Any other layout
  (a transposed view, a strided slice, an unaligned buffer) is copied to a C-contiguous array
  first, so results are always right; only the copy costs time.

Memory: the intermediates of a call live in one arena, sharing blocks by liveness
(``memory.plan_memory``); only the outputs are allocated on their own, on both paths.

The native entry (``codegen.pyentry``, planned by ``ir.entryplan``) serves fully specialised
and symbolic programs alike: its guards read the shape variables off the arguments and check
every dim, so one compile serves every size; a call it does not take (a strided argument, a
wrong one, or one big enough for threads) goes to the Python path here.

Threads: a kernel whose body is one parallel loop (``codegen.lower.split_loop``) is split into
contiguous index ranges over a thread pool when the call moves at least ``PARALLEL_MIN_ELEMENTS``
elements; ctypes releases the GIL during the call, so threads run truly in parallel.
``SHAPECHECK_NUM_THREADS`` overrides the pool size (default: the CPUs this process may use).
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from shapecheck.constraints import dims
from shapecheck.ir import loops as L
from shapecheck.ir.dtypes import CODES
from shapecheck.ir.entryplan import entry_plan
from shapecheck.ir.faults import raise_recorded
from shapecheck.ir.guards import OutsideSizes, outside_sizes
from shapecheck.ir.codegen.schedule import DEFAULT, Schedule
from shapecheck.ir.memory import MemoryPlan, plan_memory

NUMPY_DTYPES = CODES
PARALLEL_MIN_ELEMENTS = 1 << 20
# A native entry releases the GIL around its kernels when they move this many elements (the
# release and re-acquire cost well under a microsecond; below this the work costs about as much).
RELEASE_GIL_MIN_ELEMENTS = 1 << 16


@functools.cache
def data_offset() -> int:
    """Byte offset of the data pointer in a NumPy array object (``PyArrayObject_fields.data``).

    It follows the object header: 16 bytes on 64-bit CPython. We check it against NumPy's own
    answer rather than trusting the header layout."""
    probe = np.arange(3.0)
    offset = 2 * ctypes.sizeof(ctypes.c_void_p)
    if ctypes.c_void_p.from_address(id(probe) + offset).value != probe.ctypes.data:
        raise RuntimeError("unsupported NumPy/CPython ABI: cannot locate an array's data pointer")
    return offset


def thread_count() -> int:
    override = os.environ.get("SHAPECHECK_NUM_THREADS")
    if override:
        return max(1, int(override))
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=thread_count(), thread_name_prefix="shapecheck")


# --- building ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Kernels:
    """The LLVM IR of a loop module, with content-derived symbol names: the kernels, and the glue
    that calls them from Python (trampolines, native entry), compiled apart (``lower.lower_glue``)."""

    ir_text: str
    symbols: dict            # kernel name -> kernel symbol
    trampolines: dict        # kernel name -> trampoline symbol
    entry: str | None = None  # symbol of the native program entry (``codegen.pyentry``), if any
    glue_text: str = ""      # the trampolines and the entry, calling the kernels by symbol

    @property
    def text(self) -> str:
        """Both modules' text, the kernels' first (what ``as_text("llvm-raw")`` shows)."""
        return self.ir_text + "\n" + self.glue_text if self.glue_text else self.ir_text


@dataclass(frozen=True)
class _Layout:
    """Everything a call of a fully specialised program can decide in advance, in slot terms
    (slots number the inputs, then the temps): the (shape, strides, dtype) of each input that
    needs no checking beyond one tuple comparison, the temporaries to allocate (one per block of
    the memory plan, then one per output), each kernel call's buffer slots, index arguments and
    thread chunks, and the output slots."""

    signature: tuple          # per input: (shape, strides, dtype) of a C-contiguous array
    temps: tuple              # per temp slot: (shape, dtype)
    steps: tuple              # per call: (kernel name, buffer slots, index arguments, chunks or None)
    outputs: tuple            # output slots
    offsets: tuple = ()       # per temp slot: its byte offset in the arena, or None (an output)
    arena: int = 0            # bytes of the arena
    written: frozenset = frozenset()   # input slots the program writes into
    fault: int | None = None  # the slot of the program's fault buffer (``Program.fault``)


def _layout(module: L.LoopModule, threads: int = 0) -> _Layout | None:
    """The call layout of a program without shape variables (None for a symbolic one)."""
    from shapecheck.ir.codegen.lower import split_loop  # lazy: start-up time (llvmlite, LLVM's host target)

    program = module.program
    if program.shape_params:   # (a count a call computes is a shape variable too)
        return None
    signature = []
    for buf in program.inputs:
        dtype = NUMPY_DTYPES[buf.dtype]
        signature.append((tuple(buf.shape), np.empty(buf.shape, dtype).strides, dtype))
    memory = plan_memory(module)
    slot = {b.name: k for k, b in enumerate(program.inputs)}
    temps, offsets = [], []
    block_of = dict(memory.block_of)
    first_of_block: dict = {}
    for b in program.temps:   # a block is allocated as its first temp (the others have its bytes)
        block = block_of.get(b.name)
        if block is not None and block in first_of_block:
            slot[b.name] = first_of_block[block]
            continue
        slot[b.name] = len(program.inputs) + len(temps)
        if block is not None:
            first_of_block[block] = slot[b.name]
        temps.append((tuple(b.shape), NUMPY_DTYPES[b.dtype]))
        offsets.append(None if block is None else dims.evaluate(memory.block_offsets[block], {}))
    sizes = {b.name: int(np.prod(b.shape, dtype=np.int64)) for b in program.inputs + program.temps}
    steps = []
    for call in program.calls:
        kernel = module.kernel(call.kernel)
        shape_args = tuple(dims.evaluate(d, {}) for d in call.shape_args)
        moved = sum(sizes[name] for name in call.buffers)
        split, chunks = split_loop(kernel), None
        if split is not None:
            local = {name.key: value for name, value in zip(kernel.shape_params, shape_args)}
            chunks = _chunks(trip_count(split, local), moved, threads)
            if len(chunks) == 1:
                shape_args, chunks = shape_args + chunks[0], None
        else:
            shape_args += (0, 0)
        steps.append((call.kernel, tuple(slot[name] for name in call.buffers), shape_args, chunks))
    written = frozenset(slot[name] for name in module.written_inputs())
    return _Layout(tuple(signature), tuple(temps), tuple(steps), tuple(slot[name] for name in program.outputs),
                   tuple(offsets), dims.evaluate(memory.arena_bytes, {}), written,
                   slot[program.fault] if program.fault is not None else None)


def _entry_plan(module: L.LoopModule, threads: int = 0, guards: tuple = (), scalars: tuple = (),
                numbers_out: bool = False):
    """The native entry's plan (``ir.entryplan``), or None where the Python path serves every
    call: a symbolic program under a schedule that fixes its thread count, or see ``entry_plan``."""
    from shapecheck.ir.codegen.lower import split_loop  # lazy: start-up time (llvmlite, LLVM's host target)

    program = module.program
    if program.shape_params and threads:
        return None
    sizes = {b.name: int(np.prod([dims.evaluate(d, {}) for d in b.shape], dtype=np.int64))
             for b in program.inputs + program.temps} if not program.shape_params else {}

    def chunked(call: L.KernelCall) -> bool:   # a fixed program's call: on threads?
        kernel = module.kernel(call.kernel)
        local = {n.key: dims.evaluate(d, {}) for n, d in zip(kernel.shape_params, call.shape_args)}
        trip = trip_count(split_loop(kernel), local)
        return len(_chunks(trip, sum(sizes[name] for name in call.buffers), threads)) > 1

    return entry_plan(module, plan_memory(module), split_loop, thread_count() > 1, chunked, guards, scalars,
                      numbers_out)


def llvm_ir(module: L.LoopModule, *, fastmath: bool = False, native_entry: bool = True,
            schedule: Schedule = DEFAULT, sizes: tuple = (), scalars: tuple = (), numbers_out: bool = False) -> Kernels:
    """Lower ``module`` to LLVM IR text (unoptimised) with deterministic, unique symbols: its
    kernels and, in a glue module of its own, a ctypes trampoline per kernel and, for a fully
    specialised program run on one thread, a native Python entry (unless ``native_entry`` is
    False or this process's NumPy object layout is not the one ``codegen.pyabi`` knows)."""
    # lazy: start-up time (codegen loads llvmlite and sets up LLVM's host target; jit users pay on first compile)
    from shapecheck.ir.codegen import lower, pyabi, pyentry

    out = lower.lower_module(module, fastmath=fastmath, flavor=lower.host_flavor(schedule))
    glue = lower.lower_glue(module, out, data_offset())
    plan = _entry_plan(module, schedule.threads, sizes, scalars, numbers_out) if native_entry else None
    entry = None
    if plan is not None and pyabi.array_layout() is not None:
        entry = f"sc_{module.program.name}_{lower.SUFFIX_TOKEN}_entry"
        kernels = {k.name: glue.globals[lower.kernel_symbol(k)] for k in module.kernels}
        pyentry.lower_entry(glue, entry, plan, kernels, pyabi.array_layout(), PARALLEL_MIN_ELEMENTS,
                            RELEASE_GIL_MIN_ELEMENTS)
    text, glue_text = str(out), str(glue)
    digest = hashlib.sha256(text.encode())
    digest.update(glue_text.encode())
    suffix = digest.hexdigest()[:16]
    return Kernels(text.replace(lower.SUFFIX_TOKEN, suffix),
                   {k.name: lower.kernel_symbol(k, suffix) for k in module.kernels},
                   {k.name: lower.trampoline_symbol(k, suffix) for k in module.kernels},
                   entry.replace(lower.SUFFIX_TOKEN, suffix) if entry else None,
                   glue_text.replace(lower.SUFFIX_TOKEN, suffix))


@dataclass(frozen=True)
class _Entry:
    kernel: L.Kernel
    function: object          # ctypes function taking (objects..., i64 ...)
    split: L.For | None


@dataclass(frozen=True)
class _Plan:
    """A :class:`_Layout` with each step's kernel resolved to its ctypes function."""

    signature: tuple
    temps: tuple
    steps: tuple              # per call: (function, buffer slots, index arguments, chunks or None)
    outputs: tuple
    offsets: tuple = ()       # per temp: byte offset in the arena, or None (allocated on its own)
    arena: int = 0
    written: frozenset = frozenset()   # input slots the program writes into (must be writeable)
    fault: int | None = None  # the fault buffer's slot


@dataclass(frozen=True)
class PythonPath:
    """Running a program from Python: the call plan of a fully specialised program when the
    arguments match it exactly, else full checks (``check_arguments``), copies of non-contiguous
    arguments, and shapes bound per call. The native entry falls back to this."""

    module: L.LoopModule
    entries: dict             # kernel name -> _Entry
    plan: _Plan | None = None
    memory: MemoryPlan | None = None
    threads: int = 0          # the schedule's parallel split (0: the default)
    sizes: tuple = ()         # dims over the shape variables, each >= 0 where the program is exact

    def __call__(self, *arrays):
        plan = self.plan
        if plan is not None:
            # Exactly ndarrays: a NumPy scalar (np.float64(0.5)) has a shape, strides and dtype
            # too, but no data pointer where the trampolines read one.
            matches = all(type(a) is np.ndarray for a in arrays) and \
                tuple((a.shape, a.strides, a.dtype) for a in arrays) == plan.signature and \
                all(arrays[k].flags.writeable for k in plan.written)
            if matches:
                return _run_plan(plan, arrays)
        return self._checked_call(arrays)

    @functools.cached_property
    def early_temps(self) -> tuple:
        """The memory plan, and the temps allocated before any call (not sized by a count a call
        leaves: those are allocated after it) with their NumPy dtype and arena offset, worked out
        once rather than on every call."""
        program = self.module.program
        memory = self.memory or plan_memory(self.module)
        return memory, tuple((temp, NUMPY_DTYPES[temp.dtype], memory.offset(temp.name)) for temp in program.temps
                             if program.known_before_calls(temp))

    @functools.cached_property
    def written(self) -> frozenset:
        """The inputs some kernel writes (``LoopModule.written_inputs``), worked out once."""
        return self.module.written_inputs()

    @functools.cached_property
    def counted_after(self) -> tuple:
        """Per call: the counts it leaves (``Program.computed_after``) and the temps they size,
        with their NumPy dtypes: the temps allocated after it (``allocate_counted``), found once."""
        program = self.module.program
        known = {p.key for p in program.shape_params} - {p.key for p, _ in program.computed}
        placed = {temp.name for temp in program.temps if program.known_before_calls(temp)}
        out = []
        for k in range(len(program.calls)):
            counts = program.computed_after(k)
            known |= {param.key for param, _ in counts}
            sized = tuple((temp, NUMPY_DTYPES[temp.dtype]) for temp in program.temps if temp.name not in placed
                          and all(type(d) is int or dims.free_symbols(d) <= known for d in temp.shape))
            placed |= {temp.name for temp, _ in sized}
            out.append((counts, sized))
        return tuple(out)

    def _checked_call(self, arrays):
        program = self.module.program
        written = self.written
        originals = arrays
        arrays = check_arguments(program, arrays, written)
        env = bind_shapes(program, arrays)
        if outside_sizes(self.sizes, env):
            raise OutsideSizes(f"{program.name}(): the shapes {[a.shape for a in arrays]} are outside the sizes "
                               "this symbolic program computes exactly (a slice past an end, an index, "
                               "an empty max): run it specialised to them")
        negative_temp(program, env)
        buffers = dict(zip((b.name for b in program.inputs), arrays))
        memory, early = self.early_temps
        arena = np.empty(dims.evaluate(memory.arena_bytes, env), np.uint8)
        for temp, dtype, offset in early:
            shape = tuple(dims.evaluate(d, env) for d in temp.shape)
            buffers[temp.name] = np.empty(shape, dtype) if offset is None else \
                arena_view(arena, dims.evaluate(offset, env), shape, dtype)
        for k, call in enumerate(program.calls):
            self._run(call, buffers, env)
            if program.fault is not None and buffers[program.fault][0]:
                break   # a failed check: the count it left unset sizes nothing, the later calls never run
            if program.computed:
                allocate_counted(self.counted_after[k], buffers, env)
        for buf, original, used in zip(program.inputs, originals, arrays):
            if buf.name in written and used is not original:
                original[...] = used   # a written argument copied for its layout: copied back
                buffers[buf.name] = original
        if program.fault is not None:
            raise_recorded(buffers[program.fault])
        outputs = tuple(buffers[name] for name in program.outputs)
        return outputs[0] if len(outputs) == 1 else outputs

    def _run(self, call: L.KernelCall, buffers: dict, env: dict) -> None:
        entry = self.entries[call.kernel]
        objects = [buffers[name] for name in call.buffers]
        shape_args = [dims.evaluate(d, env) for d in call.shape_args]
        if entry.split is None:
            entry.function(*objects, *shape_args, 0, 0)
            return
        local = {name.key: value for name, value in zip(entry.kernel.shape_params, shape_args)}
        trip = trip_count(entry.split, local)
        _run_chunks(entry.function, objects, shape_args, _chunks(trip, sum(a.size for a in objects), self.threads))


@dataclass(frozen=True)
class Executable:
    """A loop program compiled for this host. Call it with the program's input arrays.

    ``native`` (when the program is fully specialised and runs on one thread) is a builtin
    function doing the guards, allocation and kernel calls in compiled code; anything its guards
    do not accept goes to ``python``, so both give the same results and the same errors."""

    module: L.LoopModule
    kernels: Kernels
    python: PythonPath
    from_disk: bool
    native: object = None
    native_address: int = 0

    def native_with_fallback(self, fallback):
        """Another builtin over the same native entry, calling ``fallback`` (not the Python
        path) with the arguments its guards reject; None without a native entry."""
        from shapecheck.ir.codegen import pyabi  # lazy: start-up time (llvmlite)

        if not self.native_address:
            return None
        return pyabi.builtin(self.module.program.name, self.native_address, fallback)

    @property
    def entries(self) -> dict:
        return self.python.entries

    @property
    def plan(self) -> _Plan | None:
        return self.python.plan

    def __call__(self, *arrays):
        if self.native is not None:
            return self.native(*arrays)
        return self.python(*arrays)


def _run_chunks(function, objects, shape_args, chunks) -> None:
    # The calling thread runs the first chunk itself: one hand-off fewer per call.
    futures = [_pool().submit(function, *objects, *shape_args, lo, hi) for lo, hi in chunks[1:]]
    function(*objects, *shape_args, *chunks[0])
    for future in futures:
        future.result()


def arena_view(arena: np.ndarray, offset: int, shape: tuple, dtype: np.dtype) -> np.ndarray:
    """A C-contiguous array of ``shape`` and ``dtype`` over ``arena``'s bytes from ``offset``."""
    size = math.prod(shape) * dtype.itemsize
    return arena[offset:offset + size].view(dtype).reshape(shape)


def _run_plan(plan: _Plan, arrays):
    slots = list(arrays)
    arena = np.empty(plan.arena, np.uint8)   # one allocation for every intermediate of the call
    for (shape, dtype), offset in zip(plan.temps, plan.offsets):
        slots.append(np.empty(shape, dtype) if offset is None else arena_view(arena, offset, shape, dtype))
    for function, buffer_slots, index_args, chunks in plan.steps:
        objects = [slots[k] for k in buffer_slots]
        if chunks is None:
            function(*objects, *index_args)
        else:
            _run_chunks(function, objects, index_args, chunks)
    if plan.fault is not None:
        raise_recorded(slots[plan.fault])
    if len(plan.outputs) == 1:
        return slots[plan.outputs[0]]
    return tuple(slots[k] for k in plan.outputs)


def build(module: L.LoopModule, *, fastmath: bool = False, native_entry: bool = True,
          schedule: Schedule = DEFAULT, sizes: tuple = (), scalars: tuple = (), numbers_out: bool = False) -> Executable:
    """Compile ``module`` (or take it from the in-memory or on-disk cache). ``native_entry=False``
    leaves out the native entry (every call then takes the Python path); ``schedule`` chooses
    tiles, vector width, unrolling and the parallel split (``codegen/schedule.py``); ``sizes``
    are the guards of a symbolic program (``guards.Guards.sizes``): a call outside them raises
    ``guards.OutsideSizes``; ``scalars`` what each 0-d input may be passed as to the native entry
    (``EntryPlan.scalars``; its fallback then gets the caller's numbers, as the dispatcher's does);
    ``numbers_out``: the native entry returns a 0-d output as its NumPy scalar (the dispatcher's
    results), where the Python path returns the 0-d array."""
    # lazy: start-up time (codegen loads llvmlite and sets up LLVM's host target; jit users pay on first compile)
    from shapecheck.ir.codegen import engine, entryhelpers, lower, pyabi

    native_entry = native_entry and pyabi.bind_runtime_symbols()
    kernels = llvm_ir(module, fastmath=fastmath, native_entry=native_entry, schedule=schedule, sizes=sizes,
                      scalars=scalars, numbers_out=numbers_out)
    symbols = tuple(kernels.trampolines.values()) + ((kernels.entry,) if kernels.entry else ())
    if kernels.entry:   # what every entry calls, compiled once per process
        engine.load_glue(entryhelpers.helpers_ir(pyabi.array_layout()))
    loaded = engine.compile_ir(kernels.ir_text, symbols, schedule.tuning, kernels.glue_text)
    entries = {}
    for kernel in module.kernels:
        argtypes = [ctypes.py_object] * len(kernel.params) + [ctypes.c_int64] * (len(kernel.shape_params) + 2)
        prototype = ctypes.CFUNCTYPE(None, *argtypes)
        function = prototype(loaded.addresses[kernels.trampolines[kernel.name]])
        entries[kernel.name] = _Entry(kernel, function, lower.split_loop(kernel))
    layout = _layout(module, schedule.threads)
    plan = None
    if layout is not None:
        steps = tuple((entries[name].function, slots, args, chunks) for name, slots, args, chunks in layout.steps)
        plan = _Plan(layout.signature, layout.temps, steps, layout.outputs, layout.offsets, layout.arena,
                     layout.written, layout.fault)
    python = PythonPath(module, entries, plan, plan_memory(module), schedule.threads, sizes)
    native, address = None, 0
    if kernels.entry:
        address = loaded.addresses[kernels.entry]
        native = pyabi.builtin(module.program.name, address, python)
    return Executable(module, kernels, python, loaded.from_disk, native, address)


# --- guards ----------------------------------------------------------------------------------

def check_arguments(program: L.Program, arrays: tuple, written: frozenset = frozenset()) -> list:
    """The arrays to run on: each checked for type and dtype, copied if its layout needs it;
    one the program writes into (``written``) must be writeable, as NumPy's assignment says."""
    if len(arrays) != len(program.inputs):
        raise TypeError(f"{program.name}() takes {len(program.inputs)} array arguments, "
                        f"got {len(arrays)}")
    checked = []
    for buf, array in zip(program.inputs, arrays):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{program.name}(): argument {buf.name.hint!r} must be a NumPy array, "
                            f"got {type(array).__name__}")
        expected = NUMPY_DTYPES[buf.dtype]
        if array.dtype != expected:
            raise TypeError(f"{program.name}(): argument {buf.name.hint!r} must have dtype "
                            f"{expected}, got {array.dtype}")
        flags = array.flags
        if buf.name in written and not flags.writeable:
            raise ValueError(f"{program.name}(): argument {buf.name.hint!r} is read-only, and the "
                             "function writes into it (assignment destination is read-only)")
        if not (flags.c_contiguous and flags.aligned) or type(array) is not np.ndarray:
            array = np.ascontiguousarray(array).view(np.ndarray)
        checked.append(array)
    return checked


def bind_shapes(program: L.Program, arrays: list) -> dict[str, int]:
    """Shape-variable values (by dim symbol) read off ``arrays``; ValueError on any mismatch."""
    scalars = {b.name: int(a) for b, a in zip(program.inputs, arrays) if b.name in _valued_inputs(program)}
    try:
        values = L.bind_shape_params(program, {b.name: a.shape for b, a in zip(program.inputs, arrays)}, scalars)
    except ValueError as error:
        raise ValueError(f"{program.name}(): {error}") from None
    env = {name.key: value for name, value in values.items()}
    for buf, array in zip(program.inputs, arrays):
        # Dims that are expressions over shape variables (n+1, 2*n) are checked once all are known.
        for axis, (d, actual) in enumerate(zip(buf.shape, array.shape)):
            if type(d) is not int and dims.evaluate(d, env) != actual:
                raise ValueError(f"{program.name}(): argument {buf.name.hint!r} axis {axis}: expected "
                                 f"{dims.evaluate(d, env)} ({dims.show(d)}), got {actual} "
                                 f"(shape {array.shape})")
    return env


def allocate_counted(after: tuple, buffers: dict, env: dict) -> None:
    """After a call: the counts it leaves (``Program.computed``) bound, and the temps they size
    allocated, each on its own (the arena was planned before any count was known); ``after`` is
    ``PythonPath.counted_after``'s entry for the call."""
    counts, sized = after
    for param, temp in counts:
        env[param.key] = int(buffers[temp][()])
        if env[param.key] < 0:   # a size the code computed (a count never is)
            raise ValueError("negative dimensions are not allowed")
    for temp, dtype in sized:
        buffers[temp.name] = np.empty(tuple(dims.evaluate(d, env) for d in temp.shape), dtype)


def _valued_inputs(program: L.Program) -> frozenset:
    return frozenset(b for _, b in program.valued)


def negative_temp(program: L.Program, env: dict[str, int]) -> None:
    """NumPy's ValueError for an array allocated at a negative size (a size computed from an
    argument's value, ``np.empty(n - k)`` with ``k > n``), before any buffer is placed. Only such
    sizes can be negative here (those of argument shapes are the front end's and the guards'), so
    a program without them costs nothing per call."""
    if not program.valued:
        return
    for temp in program.temps:
        if program.known_before_calls(temp) and any(type(d) is not int and dims.evaluate(d, env) < 0
                                                     for d in temp.shape):
            raise ValueError("negative dimensions are not allowed")


# --- parallel splitting ----------------------------------------------------------------------

def trip_count(loop: L.For, env: dict[str, int]) -> int:
    """Iterations of ``loop`` given shape-variable values (by dim symbol)."""
    start, stop = eval_index(loop.start, env), eval_index(loop.stop, env)
    return max(0, -(-(stop - start) // loop.step))


_INDEX_OPS = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "floordiv": lambda a, b: a // b if b else 0, "mod": lambda a, b: a % b if b else 0,
}


def eval_index(expr, env: dict[str, int]) -> int:
    """Value of an i64 loop-IR expression over shape variables."""
    if isinstance(expr, L.Const):
        return int(expr.value)
    if isinstance(expr, L.Var):
        return env[expr.name.key]
    if isinstance(expr, L.Binary):
        return _INDEX_OPS[expr.op](eval_index(expr.lhs, env), eval_index(expr.rhs, env))
    if isinstance(expr, L.Call) and expr.fn in ("maximum", "minimum"):
        values = [eval_index(a, env) for a in expr.args]
        return max(values) if expr.fn == "maximum" else min(values)
    raise ValueError(f"not an index expression: {expr!r}")


def _chunks(trip: int, elements: int, threads: int = 0) -> list[tuple[int, int]]:
    """Ranges of ``trip`` iterations for threads: ``threads`` of them (a schedule's choice), or by
    default one per core when the call moves at least ``PARALLEL_MIN_ELEMENTS`` elements."""
    if threads:
        threads = min(threads, trip)
    elif elements >= PARALLEL_MIN_ELEMENTS:
        threads = min(thread_count(), trip)
    if threads <= 1:
        return [(0, trip)]
    step = -(-trip // threads)
    return [(lo, min(trip, lo + step)) for lo in range(0, trip, step)]
